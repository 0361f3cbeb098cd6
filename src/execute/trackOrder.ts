import type { ApiClient } from '../api/createApiClient.ts'
import { EXECUTED_STATUS } from '../api/schemas/externalCallProcess.ts'
import type { OrderFillState } from '../chains/evm/readOrderFill.ts'
import type { Clock } from '../common/clock.ts'
import type { Logger } from '../common/Logger.ts'
import type { EngineEvent } from '../observe/engineEvents.ts'
import type { JournalStore } from '../store/contract/JournalStore.ts'
import type { IntentLedger } from './createIntentLedger.ts'
import type { StuckOutcome, TrackedOrder, TrackingOutcome } from './executionOutcome.ts'

/** What {@link trackOrder} needs of the world. Durations in ms. */
export type TrackOrderDeps = {
  api: Pick<ApiClient, 'getExternalCallProcess'>
  journal: Pick<JournalStore, 'setOrderState' | 'recordOrderFill' | 'recordHookStep'>
  ledger: Pick<IntentLedger, 'advance'>
  /**
   * Reads the order's state on its destination chain: the evidence of its fill (FulfilledOrder
   * on EVM, the take-state account on Solana). An intent is completed only with it (P-2.5).
   */
  readFill: (orderId: string) => Promise<OrderFillState>
  /**
   * The stuck-order policy, called past the deadline (tracking.onStuck, P-7.12): an end (a cancel's
   * outcome, an alert's failure) or `waiting` after a take patch, which starts a fresh deadline.
   * Undefined: the order just fails.
   */
  onStuck: (() => Promise<StuckOutcome>) | undefined
  trackingDeadlineMs: number
  pollIntervalMs: number
  clock: Clock
  logger: Logger
}

/**
 * Follows a created order to its end: its fill on the destination chain, read
 * with one takeOrders call a poll (P-7.10), then its hook through externalCallProcess until every
 * step is Executed or one Failed. Past `trackingDeadlineMs` a `stuck` event goes out and the
 * stuck-order policy decides (onStuck): cancel, fail, or patch the take and wait one more
 * `trackingDeadlineMs` for the fill. A stop (`signal`) ends it `interrupted` at its next
 * wait: the journal keeps the order in flight for the next start.
 */
export async function trackOrder(
  deps: TrackOrderDeps,
  order: TrackedOrder,
  emit: (e: EngineEvent) => void,
  signal?: AbortSignal,
): Promise<TrackingOutcome> {
  const { api, journal, clock, logger } = deps
  const interrupted: TrackingOutcome = {
    state: 'interrupted',
    detail: 'ferry is stopping; the next start tracks this order on',
  }
  // A wait that ends early because ferry stops; the caller then returns `interrupted`.
  const pause = (): Promise<boolean> =>
    clock.sleepMs(deps.pollIntervalMs, signal).then(
      () => !signal?.aborted,
      () => false,
    )
  const startedMs = clock.nowMs()
  let deadline = startedMs + deps.trackingDeadlineMs
  const emitStuck = (waitingFor: 'fill' | 'hook'): void =>
    emit({
      type: 'stuck',
      intentId: order.intentId,
      orderId: order.orderId,
      waitingFor,
      ageMs: clock.nowMs() - startedMs,
    })
  let fill: Extract<OrderFillState, { kind: 'filled' }> | undefined
  while (!fill) {
    if (clock.nowMs() > deadline) {
      emitStuck('fill')
      if (!deps.onStuck)
        return { state: 'failed', detail: 'not filled before the tracking deadline' }
      const next = await deps.onStuck()
      if (next.state !== 'waiting') return next
      deadline = clock.nowMs() + deps.trackingDeadlineMs
    }
    // One read a poll (one eth_call on EVM); a failed read is retried at the next poll.
    const state = await deps.readFill(order.orderId).catch((error: Error) => {
      logger.warn({ orderId: order.orderId, error: error.message }, 'fill look-up failed')
      return undefined
    })
    if (state?.kind === 'cancelled') {
      await journal.setOrderState(order.orderId, 'OrderCancelled')
      return {
        state: 'failed',
        detail: 'cancelled on its destination outside this run; ferry cancel follows the refund',
      }
    }
    if (state?.kind === 'filled') fill = state
    else if (!(await pause())) return interrupted
  }
  await journal.setOrderState(order.orderId, 'Fulfilled', fill.txHash)
  if (fill.amountOut !== undefined) await journal.recordOrderFill(order.orderId, fill.amountOut)
  await deps.ledger.advance(order.intentId, 'fulfilled')
  emit({
    type: 'filled',
    intentId: order.intentId,
    orderId: order.orderId,
    chainId: order.dstChainId,
    txHash: fill.txHash ?? '',
    amountOut: fill.amountOut?.toString() ?? '',
  })
  if (!order.hasHook) return { state: 'completed', detail: 'filled' }
  for (;;) {
    if (clock.nowMs() > deadline) {
      emitStuck('hook')
      return { state: 'failed', detail: 'hook not executed before the tracking deadline' }
    }
    const process = await api.getExternalCallProcess(order.orderId).catch(() => undefined)
    if (process && process.steps.length > 0) {
      for (const s of process.steps) {
        await journal.recordHookStep(
          order.orderId,
          String(s.stepNumber),
          s.status === EXECUTED_STATUS ? 'Executed' : s.status === 'Failed' ? 'Failed' : 'Pending',
          s.eventMetadata.transactionHash.stringValue,
        )
      }
      const done =
        process.steps.length >= process.totalInstructionsCount &&
        process.steps.every((s) => s.status === EXECUTED_STATUS)
      const failed = process.steps.some((s) => s.status === 'Failed')
      if (done || failed) {
        emit({
          type: 'hook',
          intentId: order.intentId,
          orderId: order.orderId,
          steps: process.steps.map((s) => ({ stepNumber: s.stepNumber, status: s.status })),
        })
        return done
          ? { state: 'completed', detail: 'hook executed' }
          : { state: 'failed', detail: 'hook failed' }
      }
    }
    if (!(await pause())) return interrupted
  }
}
