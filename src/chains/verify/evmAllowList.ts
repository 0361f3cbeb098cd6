import type { ChainId } from '../../api/schemas/chainId.ts'
import { CHAINS, EVM_CONTRACTS } from '../chainRegistry.ts'

/** The contracts ferry lets a transaction go to on one chain (safety P-1.1). Lower-case. */
export type EvmAllowList = { dlnSource: string; dlnDestination: string; forwarder: string }

/**
 * EVM chains whose DLN addresses are not confirmed to be the classic ones (dln-facts §4.1, §8.7):
 * zkStack chains (Abstract, Sophon) and TRON. ferry refuses to sign there until they are
 * configured explicitly.
 */
export const UNCONFIRMED_CONTRACT_CHAINS: readonly ChainId[] = [100000017, 100000025, 100000026]

/**
 * The allow-list of one chain, optionally overridden by config. Undefined for Solana and for
 * {@link UNCONFIRMED_CONTRACT_CHAINS} without an override.
 */
export function evmAllowList(
  chainId: ChainId,
  override?: Partial<EvmAllowList>,
): EvmAllowList | undefined {
  if (CHAINS[chainId].kind === 'solana') return undefined
  const base = UNCONFIRMED_CONTRACT_CHAINS.includes(chainId) ? undefined : EVM_CONTRACTS
  const dlnSource = override?.dlnSource ?? base?.dlnSource
  const dlnDestination = override?.dlnDestination ?? base?.dlnDestination
  const forwarder = override?.forwarder ?? base?.forwarder
  if (!dlnSource || !dlnDestination || !forwarder) return undefined
  return {
    dlnSource: dlnSource.toLowerCase(),
    dlnDestination: dlnDestination.toLowerCase(),
    forwarder: forwarder.toLowerCase(),
  }
}
