import { FerryError } from '../../common/FerryError.ts'
import type { EvmSenderContext } from './EvmSenderContext.ts'

/** The chain's two transaction counts of the signer, as the nonce manager reads them. */
export type NonceCounts = {
  /** Mined transactions (`latest`). */
  latestCount: number
  /** Mined plus the contiguous run the node holds pending (`pending`). */
  pendingCount: number
}

/**
 * Reads the signer's `latest` and `pending` counts (one batched request) and, with `checkChain`,
 * the node's chain id in the same batch: a FerryError when the RPC serves another chain than the
 * sender's, so nothing is signed for the wrong chain. The `latest` count only tells which
 * journaled open nonces are already mined (planNonce): the caller, who read them, passes
 * `anyOpen`; with none open it decides nothing, so it is not read and stands at the pending count
 * (one call fewer per send in the usual case).
 */
export async function readNonceCounts(
  ctx: EvmSenderContext,
  checkChain: boolean,
  anyOpen: boolean,
): Promise<NonceCounts> {
  const client = ctx.rpc.read
  const address = ctx.signer.address
  const [latestCount, pendingCount, nodeChainId] = await Promise.all([
    anyOpen ? client.getTransactionCount({ address, blockTag: 'latest' }) : undefined,
    client.getTransactionCount({ address, blockTag: 'pending' }),
    checkChain ? client.getChainId() : ctx.nativeChainId,
  ])
  if (nodeChainId !== ctx.nativeChainId) {
    throw new FerryError('the RPC serves another chain', {
      metaMessages: [`expected: ${ctx.nativeChainId}`, `rpc: ${nodeChainId}`],
    })
  }
  return { latestCount: latestCount ?? pendingCount, pendingCount }
}
