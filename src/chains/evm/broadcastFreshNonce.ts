import type { NonceBroadcaster } from './createNonceBroadcaster.ts'
import { EvmSendError } from './EvmSendError.ts'
import type { EvmSenderContext } from './EvmSenderContext.ts'
import type { EvmFees } from './evmFeePolicy.ts'
import { receiptOrUndefined } from './receiptOrUndefined.ts'
import { syncEvmNonce } from './syncEvmNonce.ts'

/**
 * First broadcast of a fresh nonce; returns the nonce the transaction went out with. A "nonce too
 * low" or "underpriced" answer re-syncs the nonce from the chain and re-signs the same call, at
 * most twice, and only when none of our hashes for the old nonce can still land. Throws
 * EvmSendError `rejected` when the node refuses the transaction, `unknown` when the nonce does
 * not move.
 */
export async function broadcastFreshNonce(
  ctx: EvmSenderContext,
  broadcaster: NonceBroadcaster,
  firstNonce: number,
  fees: EvmFees,
): Promise<number> {
  const { hashes } = broadcaster
  let nonce = firstNonce
  for (let resync = 0; ; resync++) {
    const outcome = await broadcaster.broadcast(nonce, fees)
    if (outcome === 'accepted' || outcome === 'unknown') break
    if (outcome === 'rejected') {
      throw new EvmSendError('rejected', 'the node refused the transaction', {
        nonce,
        hashes,
      })
    }
    const landed = await receiptOrUndefined(ctx.rpc.read, hashes.at(-1)!)
    if (landed) break
    const chainNonce = await syncEvmNonce(ctx)
    if (chainNonce <= nonce || resync >= 2) {
      throw new EvmSendError('unknown', `${outcome} and the nonce did not move`, {
        nonce,
        hashes,
      })
    }
    ctx.logger.warn(
      { chainId: ctx.chainId, stale: nonce, fresh: chainNonce, outcome },
      'nonce re-synced',
    )
    nonce = chainNonce
  }
  return nonce
}
