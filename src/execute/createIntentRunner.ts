import { createSharedAbortController } from '../common/createSharedAbortController.ts'
import type { Logger } from '../common/Logger.ts'
import type { Intent } from '../common/strategy/marketTypes.ts'
import type { EngineEvent } from '../observe/engineEvents.ts'
import type { JournalStore } from '../store/contract/JournalStore.ts'
import type { IntentReconciliation } from '../store/contract/journalTypes.ts'
import type { IntentLedger } from './createIntentLedger.ts'
import { decideIntentEnd } from './decideIntentEnd.ts'
import type {
  ChainOps,
  ExecutionOutcome,
  TrackedOrder,
  TrackingOutcome,
} from './executionOutcome.ts'
import { type FailPoint, noFailPoint } from './failPoints.ts'
import { outcomeOfError } from './outcomeOfError.ts'
import { planReconciliation } from './planReconciliation.ts'

/** An intent's life from acceptance to its end: the one home of execution (src/execute). */
export type IntentRunner = {
  /** Whether transactions are really sent; a dry run never calls {@link IntentRunner.run}. */
  sending: boolean
  /**
   * Journals an accepted intent, executes it through the verifying executors and concludes it:
   * an end, an unsettled send, or a created order tracked in the background.
   */
  run(
    params: {
      strategyId: string
      intentId: string
      intent: Intent
      /**
       * The last risk check, run by the write-ahead insert of each signed record before it
       * commits (`SignedAttemptParams.guard`); a throw refuses the send.
       */
      preSign?: () => void | Promise<void>
    },
    emit: (e: EngineEvent) => void,
  ): Promise<void>
  /**
   * Settles every intent a previous run left non-terminal (P-2.2): tracks created orders, resumes
   * signed transactions from their journaled bytes, abandons intents that never signed one. An
   * intent it cannot settle yet stays in flight. Intents this runner is running or tracking are
   * left alone; `only` narrows the rest (a cluster member takes one wallet group's).
   */
  reconcile(
    emit: (e: EngineEvent) => void,
    only?: (rec: IntentReconciliation) => boolean,
  ): Promise<void>
  /** Orders still being tracked. */
  tracking(): number
  /**
   * Waits for every tracked order to end. When `signal` aborts (or already has), trackers stop at
   * their next wait and the journal keeps their orders in flight for the next start.
   */
  drain(signal?: AbortSignal): Promise<void>
}

/** Inputs of {@link createIntentRunner}. */
export type CreateIntentRunnerParams = {
  ops: ChainOps
  ledger: IntentLedger
  journal: Pick<JournalStore, 'pendingReconciliations'>
  logger: Logger
  /** Crash-test hook at each step (failPoints.ts). Default: none. */
  failPoint?: FailPoint
}

/**
 * Builds the {@link IntentRunner}: accept → execute (approve, create, verify, journal, send,
 * confirm: the chain ops) → track the fill and the hook → an end. Each step's result goes through
 * the pure {@link decideIntentEnd}, and every state write through the ledger.
 */
export function createIntentRunner(params: CreateIntentRunnerParams): IntentRunner {
  const { ops, ledger, logger } = params
  const failPoint = params.failPoint ?? noFailPoint
  const tracked = new Set<Promise<void>>()
  /** Intents this runner is executing or tracking now, by id. */
  const running = new Set<string>()
  const following = new Set<string>()
  const stopTracking = createSharedAbortController()

  async function conclude(
    intentId: string,
    outcome: ExecutionOutcome | TrackingOutcome,
    emit: (e: EngineEvent) => void,
    orderId?: string,
  ): Promise<void> {
    const next = decideIntentEnd(outcome)
    if (next.kind === 'track') {
      startTracking(
        { intentId, ...(outcome as Extract<ExecutionOutcome, { kind: 'created' }>) },
        emit,
      )
      return
    }
    if (next.kind === 'unsettled') {
      emit({ type: 'unsettled', intentId, detail: next.detail })
      return
    }
    await ledger.end(intentId, next.state, next.detail)
    emit({
      type: 'terminal',
      intentId,
      orderId,
      state: next.shown,
      detail: next.detail,
      ...(next.economics ? { economics: true as const } : {}),
      ...(next.config ? { config: true as const } : {}),
    })
  }

  function startTracking(
    order: TrackedOrder,
    emit: (e: EngineEvent) => void,
    follow: ChainOps['track'] = ops.track,
  ): void {
    const job = follow(order, emit, stopTracking.signal)
      .then((t) => conclude(order.intentId, t, emit, order.orderId))
      .catch((error: unknown) => {
        logger.error(
          { intentId: order.intentId, error: (error as Error).message },
          'tracking failed',
        )
      })
    tracked.add(job)
    following.add(order.intentId)
    void job.finally(() => {
      tracked.delete(job)
      following.delete(order.intentId)
    })
  }

  return {
    sending: ops.sending,
    async run({ strategyId, intentId, intent, preSign }, emit) {
      running.add(intentId)
      try {
        await ledger.accept({ intentId, strategyId, intent })
        failPoint('afterIntentJournaled')
        // A throw is classed like the executors' own: integrity, economics, unknown or failed.
        const outcome = await ops.execute(intent, intentId, emit, preSign).catch(outcomeOfError)
        await conclude(intentId, outcome, emit)
      } finally {
        running.delete(intentId)
      }
    },
    async reconcile(emit, only) {
      for (const rec of await params.journal.pendingReconciliations()) {
        const intentId = rec.intent.id
        if (running.has(intentId) || following.has(intentId)) continue
        if (only && !only(rec)) continue
        const plan = planReconciliation(rec)
        const detail =
          plan.kind === 'track'
            ? `order ${plan.order.orderId} is ${plan.order.state}`
            : plan.kind === 'resume'
              ? `${plan.attempts.length} journaled ${plan.sendKind} signature(s) on ${plan.chainId}`
              : plan.detail
        emit({ type: 'reconcile', intentId, plan: plan.kind, detail })
        try {
          if (plan.kind === 'track') {
            startTracking(
              {
                intentId,
                orderId: plan.order.orderId,
                srcChainId: plan.order.srcChainId,
                dstChainId: plan.order.dstChainId,
                hasHook: plan.hasHook,
              },
              emit,
            )
          } else if (plan.kind === 'refund') {
            startTracking(
              {
                intentId,
                orderId: plan.order.orderId,
                srcChainId: plan.order.srcChainId,
                dstChainId: plan.order.dstChainId,
                hasHook: false,
              },
              emit,
              ops.followRefund,
            )
          } else if (plan.kind === 'finish') {
            await conclude(intentId, { state: plan.state, detail: plan.detail }, emit)
          } else {
            await conclude(intentId, await ops.settle(rec, plan, emit), emit)
          }
        } catch (error) {
          // Left in flight: it still counts against the limits and is tried again next start.
          logger.error({ intentId, error: (error as Error).message }, 'reconciliation failed')
          emit({ type: 'unsettled', intentId, detail: (error as Error).message.split('\n')[0]! })
        }
      }
    },
    tracking: () => tracked.size,
    async drain(signal) {
      if (signal?.aborted) stopTracking.abort()
      else signal?.addEventListener('abort', () => stopTracking.abort(), { once: true })
      await Promise.allSettled([...tracked])
    },
  }
}
