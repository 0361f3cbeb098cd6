import type { ChainId } from '../api/schemas/chainId.ts'
import { CHAINS } from './chainRegistry.ts'

/**
 * The one mapping between deBridge's internal chain ids and the chains' own (EIP-155) ids
 * (docs/dln.md §5, §9.1): DlnSource and DlnDestination return `subscriptionId` from
 * `getChainId()` when one is set, so an order's `giveChainId`/`takeChainId` and every id of the
 * service are internal (Gnosis 100000002), while a node, a signature and a nonce speak the native
 * id (Gnosis 100). Undefined for Solana, which has no EIP-155 id.
 */
export function nativeChainIdOf(chainId: ChainId): number | undefined {
  return CHAINS[chainId]?.nativeChainId
}

/**
 * The internal chain id of the EVM chain whose EIP-155 id is `nativeChainId` (docs/dln.md §5),
 * the inverse of {@link nativeChainIdOf}. Undefined for a chain ferry does not know.
 */
export function internalChainIdOf(nativeChainId: number): ChainId | undefined {
  const hit = Object.values(CHAINS).find(
    (c) => c.kind === 'evm' && c.nativeChainId === nativeChainId,
  )
  return hit?.chainId
}
