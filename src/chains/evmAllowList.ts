import type { ChainId } from '../api/schemas/chainId.ts'
import { CHAINS } from './chainRegistry.ts'

/** The contracts ferry lets a transaction go to on one chain (safety P-1.1). Lower-case. */
export type EvmAllowList = { dlnSource: string; dlnDestination: string; forwarder: string }

/**
 * The allow-list of one chain: its canonical contracts from the chain registry, optionally
 * overridden by config. Undefined for Solana, and for chains whose contracts are not confirmed
 * (UNCONFIRMED_CONTRACT_CHAINS) unless the config names all three.
 */
export function evmAllowList(
  chainId: ChainId,
  override?: Partial<EvmAllowList>,
): EvmAllowList | undefined {
  const contracts = CHAINS[chainId].contracts
  if (contracts?.kind === 'solana' || CHAINS[chainId].kind === 'solana') return undefined
  const dlnSource = override?.dlnSource ?? contracts?.dlnSource
  const dlnDestination = override?.dlnDestination ?? contracts?.dlnDestination
  const forwarder = override?.forwarder ?? contracts?.forwarder
  if (!dlnSource || !dlnDestination || !forwarder) return undefined
  return {
    dlnSource: dlnSource.toLowerCase(),
    dlnDestination: dlnDestination.toLowerCase(),
    forwarder: forwarder.toLowerCase(),
  }
}
