import type { NonceBroadcaster } from './createNonceBroadcaster.ts'
import { EvmSendError } from './EvmSendError.ts'
import type { EvmSenderContext } from './EvmSenderContext.ts'
import type { EvmSendRequest } from './EvmSendRequest.ts'
import type { EvmSendResult } from './EvmSendResult.ts'
import { bumpEvmFees, type EvmFees } from './evmFeePolicy.ts'
import { receiptOrUndefined } from './receiptOrUndefined.ts'

/** One broadcast send for {@link followEvmSend} to follow. */
export type FollowedSend = {
  req: EvmSendRequest
  broadcaster: NonceBroadcaster
  nonce: number
  /** The fees of the latest signature; replacements bump from them. */
  fees: EvmFees
  /** Depth at which the send counts as final. */
  confirmations: number
  /** Called when another transaction took the nonce: the sender's counter is stale. */
  forgetNonce: () => void
}

/**
 * Follows a broadcast send until one of its hashes is `confirmations` deep, polling every
 * `pollIntervalMs` (P-2.10: receipts of every hash of the nonce), and journals the inclusion.
 * Without a receipt for `replaceAfterMs` it signs a replacement at the same nonce with fees bumped
 * within the caps (P-2.9). Throws EvmSendError `nonceConsumed` when a foreign transaction took
 * the nonce, `unknown` after `maxWaitMs` without a final receipt.
 */
export async function followEvmSend(
  ctx: EvmSenderContext,
  send: FollowedSend,
): Promise<EvmSendResult> {
  const { req, broadcaster, nonce, confirmations } = send
  const { clock, logger, chainId, journal } = ctx
  const { hashes } = broadcaster
  const client = ctx.rpc.read
  const receiptOf = (hash: (typeof hashes)[number]) => receiptOrUndefined(client, hash)
  let fees = send.fees
  const startedAt = clock.nowMs()
  let lastActivityAt = startedAt
  let nonceUsed = false
  for (;;) {
    const [receipts, head] = await Promise.all([
      Promise.all(hashes.map(receiptOf)),
      confirmations > 1 ? client.getBlockNumber({ cacheTime: 0 }) : Promise.resolve(undefined),
    ])
    const mined = receipts.find((r) => r !== undefined)
    if (mined) {
      const depth = head === undefined ? 1 : Number(head - mined.blockNumber) + 1
      await req.onProgress?.({
        stage: 'included',
        hash: mined.transactionHash,
        blockNumber: mined.blockNumber,
        confirmations: depth,
      })
      if (depth >= confirmations) {
        const hash = mined.transactionHash
        await journal.afterInclusion?.({
          hash,
          status: mined.status,
          blockNumber: mined.blockNumber,
          hashesOfNonce: hashes,
        })
        return { nonce, hash, hashes, receipt: mined, fees: broadcaster.feesOf.get(hash) ?? fees }
      }
      lastActivityAt = clock.nowMs()
    } else if (nonceUsed) {
      // A replacement was told "nonce too low" and none of our hashes has a receipt: if the
      // mined count is past our nonce, a foreign transaction took it and ours cannot land.
      const mined = await client.getTransactionCount({
        address: ctx.signer.address,
        blockTag: 'latest',
      })
      if (mined > nonce && !(await Promise.all(hashes.map(receiptOf))).some(Boolean)) {
        send.forgetNonce()
        throw new EvmSendError('nonceConsumed', 'another transaction used the nonce', {
          nonce,
          hashes,
        })
      }
      nonceUsed = false
    } else if (clock.nowMs() - lastActivityAt >= ctx.replaceAfterMs) {
      const bumped = bumpEvmFees(fees, ctx.feePolicy)
      if (bumped) {
        const outcome = await broadcaster.replace(nonce, bumped)
        // An underpriced answer still moves the floor: the next bump starts above it.
        fees = bumped
        if (outcome === 'nonceTooLow') {
          logger.info({ chainId, nonce }, 'replacement found the nonce used; reconciling')
          nonceUsed = true
        }
      } else {
        logger.warn({ chainId, nonce }, 'stuck transaction: the fee caps leave no bump')
      }
      lastActivityAt = clock.nowMs()
    }
    if (clock.nowMs() - startedAt > ctx.maxWaitMs) {
      throw new EvmSendError('unknown', 'no final receipt in time', { nonce, hashes })
    }
    await clock.sleepMs(ctx.pollIntervalMs)
  }
}
