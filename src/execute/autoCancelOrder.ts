import { CancelOrderError } from '../chains/evm/CancelOrderError.ts'
import { FerryError } from '../common/FerryError.ts'
import type { EngineEvent } from '../observe/engineEvents.ts'
import type { TrackingOutcome } from './executionOutcome.ts'
import type { FailPoint } from './failPoints.ts'
import { type FollowCancelRefundParams, followCancelRefund } from './followCancelRefund.ts'

/**
 * Inputs of {@link autoCancelOrder}: the cancel path of the order ({@link FollowCancelRefundParams}),
 * where its events go, and the crash-test hook called once the cancel is journaled as sent.
 */
export type AutoCancelOrderParams = FollowCancelRefundParams & {
  emit: (e: EngineEvent) => void
  failPoint?: FailPoint
  /** Why the policy cancels (`2 of maxPatches 2 patches made`), for the intent's detail. */
  reason?: string
}

const LATE = 'not filled before the tracking deadline'

/**
 * `onStuck: cancel` (`tracking.autoCancel`, safety P-7.4), and `patch` once patching ends: cancels an order still unfilled at its tracking deadline
 * through our destination authority with the verified `cancelEvmOrder`, emits `cancelled` once
 * the cancel is mined, and waits for the refund. Returns `cancelled` once ClaimedOrderCancel is
 * seen (the intent is then `cancelled` in the journal, P-7.5), else `failed` with the reason.
 * Throws only while the cancel is in transit (`refundNotSeen`, `inFlight`): the intent then stays
 * in flight with its order in SentOrderCancel (a restart follows its refund), and `ferry cancel
 * <orderId>` follows the refund to its end.
 */
export async function autoCancelOrder(params: AutoCancelOrderParams): Promise<TrackingOutcome> {
  const { order, emit, logger } = params
  const late = params.reason ? `${LATE} (${params.reason})` : LATE
  try {
    const outcome = await followCancelRefund({
      ...params,
      onProgress: (p) => {
        if (p.stage !== 'orderState' || p.state !== 'SentOrderCancel') return
        emit({
          type: 'cancelled',
          intentId: order.intentId,
          orderId: order.orderId,
          chainId: order.dstChainId,
          txHash: p.txHash ?? '',
        })
        params.failPoint?.('afterCancelSent')
      },
    })
    return { state: outcome.state, detail: `${late}; ${outcome.detail}` }
  } catch (error) {
    // A cancel on its way (not mined, or its refund not yet relayed): the funds are in transit
    // (P-7.5), so the intent must not end; the throw leaves it in flight.
    if (
      error instanceof CancelOrderError &&
      (error.problem === 'refundNotSeen' || error.problem === 'inFlight')
    ) {
      logger.warn({ orderId: order.orderId, error: error.shortMessage }, 'auto-cancel in transit')
      throw error
    }
    const text = error instanceof FerryError ? error.shortMessage : (error as Error).message
    logger.error({ orderId: order.orderId, error: text }, 'auto-cancel failed')
    return { state: 'failed', detail: `${late}; auto-cancel failed: ${text.split('\n')[0]}` }
  }
}
