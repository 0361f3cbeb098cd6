import { JournalError } from '../contract/JournalError.ts'
import type { JournalStore } from '../contract/JournalStore.ts'
import type { Journal } from './openJournal.ts'

/** Thrown inside the SQLite insert to leave it when its guard turned out to be async. */
const ASYNC_GUARD = Symbol('async pre-sign guard')

/**
 * The SQLite journal as a {@link JournalStore}: each method calls the synchronous one, so a call
 * resolves after its transaction committed, exactly as the Journal returns. Closing the store
 * closes the journal (and releases its sender locks).
 */
export function toJournalStore(journal: Journal): JournalStore {
  return {
    backend: 'sqlite',
    recordIntent: async (params) => journal.recordIntent(params),
    setIntentState: async (id, state, reason) => journal.setIntentState(id, state, reason),
    getIntent: async (id) => journal.getIntent(id),
    recordQuote: async (params) => journal.recordQuote(params),
    quotesOf: async (intentId) => journal.quotesOf(intentId),
    recordObservation: async (strategy, data, observedMs) =>
      journal.recordObservation(strategy, data, observedMs),
    observations: async (strategy, sinceMs) => journal.observations(strategy, sinceMs),
    async recordSignedAttempt({ lease, guard, ...params }) {
      if (lease !== undefined) {
        // A caller that believes its write is fenced must not get an unfenced one silently.
        throw new JournalError('the SQLite journal has no wallet leases', {
          metaMessages: [
            `hash: ${params.hash}`,
            'fix: on SQLite the sender lock of the process is the single writer; pass no lease',
          ],
        })
      }
      if (guard === undefined) return journal.recordSignedAttempt(params)
      // A synchronous guard runs inside the insert's transaction, as on the Journal: the last risk
      // check sees the totals as of that commit. SQLite's transaction cannot await, so an async
      // guard leaves it untouched (rolled back, nothing inserted) and is awaited before the insert
      // runs again without it (docs/architecture.md §5).
      let pending: Promise<void> | undefined
      try {
        return journal.recordSignedAttempt({
          ...params,
          guard() {
            const result = guard()
            if (result instanceof Promise) {
              pending = result
              throw ASYNC_GUARD
            }
          },
        })
      } catch (error) {
        if (error !== ASYNC_GUARD) throw error
      }
      await pending
      return journal.recordSignedAttempt(params)
    },
    setAttemptState: async (hash, state, evidence) =>
      journal.setAttemptState(hash, state, evidence),
    getAttempt: async (hash) => journal.getAttempt(hash),
    attemptsOf: async (intentId) => journal.attemptsOf(intentId),
    attemptsOfNonce: async (chainId, from, nonce) => journal.attemptsOfNonce(chainId, from, nonce),
    unsettledAttempts: async () => journal.unsettledAttempts(),
    highestNonce: async (chainId, from) => journal.highestNonce(chainId, from),
    openAttemptsOf: async (chainId, from) => journal.openAttemptsOf(chainId, from),
    recordApproval: async (params) => journal.recordApproval(params),
    setApprovalState: async (id, state, txHash) => journal.setApprovalState(id, state, txHash),
    approvalsOf: async (intentId) => journal.approvalsOf(intentId),
    recordOrder: async (params) => journal.recordOrder(params),
    setOrderState: async (orderId, state, txHash) => journal.setOrderState(orderId, state, txHash),
    recordOrderFill: async (orderId, filledAmount) =>
      journal.recordOrderFill(orderId, filledAmount),
    recordOrderPatch: async (orderId, takeSubtrahend) =>
      journal.recordOrderPatch(orderId, takeSubtrahend),
    getOrder: async (orderId) => journal.getOrder(orderId),
    ordersOf: async (intentId) => journal.ordersOf(intentId),
    recordHookStep: async (orderId, step, status, txHash) =>
      journal.recordHookStep(orderId, step, status, txHash),
    hookStepsOf: async (orderId) => journal.hookStepsOf(orderId),
    recordPostponement: async (params) => journal.recordPostponement(params),
    activePostponements: async (nowMs) => journal.activePostponements(nowMs),
    recordTick: async (tick) => journal.recordTick(tick),
    recordMarketQuotes: async (strategy, tickMs, quotes) =>
      journal.recordMarketQuotes(strategy, tickMs, quotes),
    pruneMarket: async (beforeMs) => journal.pruneMarket(beforeMs),
    marketBetween: async (sinceMs, untilMs) => journal.marketBetween(sinceMs, untilMs),
    nonTerminalIntents: async () => journal.nonTerminalIntents(),
    reconciliationOf: async (intentId) => journal.reconciliationOf(intentId),
    pendingReconciliations: async () => journal.pendingReconciliations(),
    history: async (options) => journal.history(options),
    notionalUsdSince: async (sinceMs) => journal.notionalUsdSince(sinceMs),
    notionalUsdChanges: async (sinceMs, seen) => journal.notionalUsdChanges(sinceMs, seen),
    lastFailureMs: async (route) => journal.lastFailureMs(route),
    status: async () => journal.status(),
    activitySince: async (sinceMs) => journal.activitySince(sinceMs),
    dryRuns: async (options) => journal.dryRuns(options),
    dryRunTotals: async (sinceMs) => journal.dryRunTotals(sinceMs),
    // The SQLite batch groups every write of the journal while a scope is active, these too.
    withinBatch: (work) => journal.withinBatch(work),
    flush: async () => journal.flush(),
    close: async () => journal.close(),
  }
}
