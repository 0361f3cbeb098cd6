import type { Intent } from '../common/strategy/marketTypes.ts'
import type { EngineEvent } from '../observe/engineEvents.ts'
import type { IntentReconciliation } from '../store/contract/journalTypes.ts'
import type { ReconciliationPlan } from './planReconciliation.ts'

/** What executing an accepted intent led to. */
export type ExecutionOutcome =
  | { kind: 'created'; orderId: string; srcChainId: number; dstChainId: number; hasHook: boolean }
  | { kind: 'swapped'; hash: string; chainId: number }
  /** The payload is not what ferry asked for (integrity): alerted, counts toward the kill switch. */
  | { kind: 'refused'; detail: string }
  /**
   * Economics, never the kill switch: the quote moved below ferry's minimum before signing, or a
   * risk limit no longer holds at the last check before signing (docs/safety.md, refusal classes).
   */
  | { kind: 'moved'; detail: string }
  /**
   * The config is at fault (a price feed that is not there): alerted as a configuration failure,
   * neither economics nor the kill switch, and no route cooldown (docs/safety.md, refusal classes).
   */
  | { kind: 'config'; detail: string }
  | { kind: 'failed'; detail: string }
  /** Signed bytes may still land and nothing proves either way yet (P-2.3): stays in flight. */
  | { kind: 'unknown'; detail: string }

/**
 * How an order ended, as the tracker saw it on chain and through the stats API; `cancelled`: not
 * filled in time, cancelled and refunded (tracking.autoCancel, P-7.4).
 */
export type TrackingOutcome = {
  /** `interrupted`: ferry is stopping; the order stays in flight and the next start tracks it. */
  state: 'completed' | 'failed' | 'cancelled' | 'interrupted'
  detail: string
}

/**
 * What the stuck-order policy did with an order past its deadline (P-7.12): an end, or `waiting`
 * (its take was patched, or it changed on chain meanwhile): tracking goes on with a fresh deadline.
 */
export type StuckOutcome = TrackingOutcome | { state: 'waiting'; detail: string }

/** A created order the tracker follows. */
export type TrackedOrder = {
  intentId: string
  orderId: string
  srcChainId: number
  dstChainId: number
  hasHook: boolean
}

/**
 * The chain side of an intent's life: the verifying executors, a restart's settling and the
 * tracker. Built over real chains by `createChainOps`; tests may build their own. Every method
 * may throw; the runner turns throws into outcomes. They advance intent state only through the
 * ledger they were built with.
 */
export type ChainOps = {
  /** Signs and sends what the intent asks for, after verifying it (docs/safety.md P-1, P-8). */
  execute(
    intent: Intent,
    intentId: string,
    emit: (e: EngineEvent) => void,
    /**
     * The intent's last risk check: run inside the write-ahead transaction of each of its signed
     * records, a throw stops the signature (docs/safety.md P-4.2). Default: none.
     */
    preSign?: () => void | Promise<void>,
  ): Promise<ExecutionOutcome>
  /**
   * Carries out a restart's `resume` or `abandon` plan for an intent a previous run left
   * unfinished (P-2.2): settles its journaled transactions on chain, never re-quoting it.
   */
  settle(
    rec: IntentReconciliation,
    plan: Extract<ReconciliationPlan, { kind: 'resume' | 'abandon' }>,
    emit: (e: EngineEvent) => void,
  ): Promise<ExecutionOutcome>
  /** Follows a created order to its fill (with evidence) and its hook's completion. */
  track(
    order: TrackedOrder,
    emit: (e: EngineEvent) => void,
    /** Aborted when ferry stops: tracking ends `interrupted` at its next wait. */
    signal?: AbortSignal,
  ): Promise<TrackingOutcome>
  /**
   * Follows a cancelled order's refund on its source chain (a restart's `refund` plan): ends
   * `cancelled` once DlnSource paid it; throws while it is still in transit (P-7.5).
   */
  followRefund(
    order: TrackedOrder,
    emit: (e: EngineEvent) => void,
    /** Aborted when ferry stops: the order stays in flight for the next start. */
    signal?: AbortSignal,
  ): Promise<TrackingOutcome>
  /** Whether transactions are really sent (embedded world, or live with --live). */
  sending: boolean
}
