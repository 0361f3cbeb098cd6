import type {
  Intent,
  QuoteObservation,
  RouteRequest,
  TokenBalance,
} from '../shared/strategy/marketTypes.ts'
import type { IntentReconciliation } from '../store/journalTypes.ts'
import type { EngineEvent } from './engineEvents.ts'
import type { ReconciliationPlan } from './planReconciliation.ts'

/** What executing an accepted intent led to. */
export type ExecutionOutcome =
  | { kind: 'created'; orderId: string; srcChainId: number; dstChainId: number; hasHook: boolean }
  | { kind: 'swapped'; hash: string; chainId: number }
  | { kind: 'refused'; detail: string }
  /** The market moved below ferry's minimum before signing (economics): ends failed, never trips the kill switch. */
  | { kind: 'moved'; detail: string }
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
 * The engine's I/O edges (architecture: thin edges, pure decisions). Built by the composition
 * root (src/cli/run/createWorld.ts) for the embedded world or for real networks; tests may build
 * their own. Every method may throw; the engine turns throws into events and failures.
 */
export type EngineWorld = {
  /** Balances of the watched tokens and natives, in base units. */
  readBalances(): Promise<TokenBalance[]>
  /** Quotes one route; the observation's USD figures come from the service. */
  quote(request: RouteRequest, nowMs: number): Promise<QuoteObservation>
  /** Signs and sends what the intent asks for, after verifying it (issue 5). */
  execute(
    intent: Intent,
    intentId: string,
    emit: (e: EngineEvent) => void,
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
  /** Follows a created order to its fill and its hook's completion. */
  track(
    order: {
      intentId: string
      orderId: string
      srcChainId: number
      dstChainId: number
      hasHook: boolean
    },
    emit: (e: EngineEvent) => void,
    /** Aborted when ferry stops: tracking ends `interrupted` at its next wait. */
    signal?: AbortSignal,
  ): Promise<TrackingOutcome>
  /** Whether the kill-switch file exists now. */
  killSwitchEngaged(): boolean
  /**
   * Engages the kill switch with a reason (creates its file); false when it already was engaged.
   * Only a person clears it (`ferry kill off`).
   */
  engageKillSwitch(reason: string): boolean
  /** Whether transactions are really sent (embedded world, or live with --live). */
  sending: boolean
}
