import { FerryError } from '../common/FerryError.ts'
import type { Logger } from '../common/Logger.ts'
import type { EngineEvent } from '../observe/engineEvents.ts'
import type { StuckPolicy } from './decideStuckAction.ts'
import type { PatchEvmOrderResult } from './evm/patchEvmOrder.ts'
import type { StuckOutcome, TrackedOrder, TrackingOutcome } from './executionOutcome.ts'

/** Inputs of {@link handleStuckOrder}. */
export type HandleStuckOrderParams = {
  order: TrackedOrder
  policy: StuckPolicy
  /** One patch attempt (patchEvmOrder over the order's chains); undefined where it cannot run. */
  patch: (() => Promise<PatchEvmOrderResult>) | undefined
  /** The verified cancel path (autoCancelOrder), with the reason for the intent's detail. */
  cancel: (reason?: string) => Promise<TrackingOutcome>
  emit: (e: EngineEvent) => void
  logger: Logger
}

/**
 * Carries out the stuck-order policy of an order past its tracking deadline (docs/safety.md
 * P-7.12). `alert`: the intent ends failed, the order left open on chain for a person (the
 * `stuck` event already raised the alert). `cancel`: the verified cancel path. `patch`: one take
 * patch (patchEvmOrder), announced as a `patched` event, after which tracking waits one more
 * deadline; when the decision says cancel (maxPatches reached, the route's cost limit, no trusted
 * price) or the patch cannot be made, the order is cancelled instead, so its funds come back.
 */
export async function handleStuckOrder(params: HandleStuckOrderParams): Promise<StuckOutcome> {
  const { order, policy, logger } = params
  if (policy.onStuck === 'alert') {
    return {
      state: 'failed',
      detail: 'not filled before the tracking deadline; onStuck alert: the order is left open',
    }
  }
  if (policy.onStuck === 'cancel') return params.cancel()
  if (!params.patch) return params.cancel('no take patch on this route: cancelled')
  let result: PatchEvmOrderResult
  try {
    result = await params.patch()
  } catch (error) {
    const text = error instanceof FerryError ? error.shortMessage : (error as Error).message
    logger.error({ orderId: order.orderId, error: text }, 'take patch failed; cancelling')
    return params.cancel(`take patch failed: ${text.split('\n')[0]}`)
  }
  switch (result.kind) {
    case 'patched':
      params.emit({
        type: 'patched',
        intentId: order.intentId,
        orderId: order.orderId,
        chainId: order.dstChainId,
        txHash: result.txHash,
        patch: result.patch,
        takeAmount: result.newTakeAmount.toString(),
        costBps: result.costBps,
      })
      return { state: 'waiting', detail: `take patched to ${result.newTakeAmount}` }
    case 'notOpen':
      // Filled or cancelled meanwhile: the next look at the fill sees which.
      return { state: 'waiting', detail: 'the order is no longer open on its destination' }
    default:
      return params.cancel(result.detail)
  }
}
