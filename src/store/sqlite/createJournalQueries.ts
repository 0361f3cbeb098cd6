import type Database from 'better-sqlite3'
import type { Clock } from '../../common/clock.ts'
import { DAY_MS } from '../../common/DAY_MS.ts'
import type {
  IntentReconciliation,
  IntentRecord,
  ObservationRecord,
  QuoteRecord,
} from '../contract/journalTypes.ts'
import {
  CONFIG_FAILURE_PREFIX,
  INTENT_STATES,
  TERMINAL_INTENT_STATES,
} from '../contract/journalTypes.ts'
import type { ApprovalRecords } from './createApprovalRecords.ts'
import type { IntentRecords, IntentRow } from './createIntentRecords.ts'
import { toIntentRecord } from './createIntentRecords.ts'
import type { OrderRecords } from './createOrderRecords.ts'
import type { SendRecords } from './createSendRecords.ts'

/** One intent with everything journaled about it, for `ferry history --intent ID`. */
export type IntentHistory = IntentReconciliation & { quotes: QuoteRecord[] }

/** Notional journaled on one route in a window. */
export type RouteNotional = { route: string; notionalUsd: number; intents: number }

/**
 * How the notional of a sliding 24 h window changed since a journal position: what lets the
 * engine keep the window's totals without summing the whole day again every tick.
 */
export type NotionalChanges = {
  /** The journal's position now (the newest intent's row): `seen.through` of the next call. */
  through: number
  /** Per route: intents journaled after `seen.through` and created at or after `sinceMs`. */
  added: RouteNotional[]
  /** Per route: intents up to `seen.through` created in [`seen.sinceMs`, `sinceMs`). */
  aged: RouteNotional[]
}

/** What `ferry status` shows from the journal (limits and the kill switch are not the journal's). */
export type JournalStatus = {
  /** Start of the current UTC day, clock ms. */
  dayStartMs: number
  /** Non-terminal intents, oldest first. */
  inFlight: IntentRecord[]
  /** Sum of the in-flight intents' notional. */
  inFlightUsd: number
  /** Today's notional per route, largest first. */
  todayByRoute: RouteNotional[]
  todayUsd: number
}

/** The {@link JournalStatus} of what one snapshot read: the sums are of the lists given. Pure. */
export function toJournalStatus(
  dayStartMs: number,
  inFlight: IntentRecord[],
  todayByRoute: RouteNotional[],
): JournalStatus {
  return {
    dayStartMs,
    inFlight,
    inFlightUsd: inFlight.reduce((sum, intent) => sum + intent.notionalUsd, 0),
    todayByRoute,
    todayUsd: todayByRoute.reduce((sum, route) => sum + route.notionalUsd, 0),
  }
}

/** Everything journaled in a window, for `ferry report`. */
export type JournalActivity = {
  /** Intents created at or after the window's start with all their records, oldest first. */
  intents: IntentHistory[]
  /** Every strategy's observations at or after the window's start, in journal order. */
  observations: ObservationRecord[]
}

/** Reads for reconciliation on start, `ferry history`, `ferry status` and `ferry report`. */
export type JournalQueries = {
  /** Intents not in a terminal state, oldest first: each is reconciled before any new intent. */
  nonTerminalIntents(): IntentRecord[]
  /** What a restart needs to reconcile one intent (P-2.2); undefined for an unknown id. */
  reconciliationOf(intentId: string): IntentReconciliation | undefined
  /** {@link JournalQueries.reconciliationOf} for every non-terminal intent, oldest first. */
  pendingReconciliations(): IntentReconciliation[]
  /** The newest `limit` intents (default 50) with their quotes, sends and orders, newest first. */
  history(options?: { intentId?: string; limit?: number }): IntentHistory[]
  /**
   * Notional per route of intents journaled at or after `sinceMs` (P-4.2 windows). Every intent
   * counts, whatever became of it: a cap that over-counts stops early, one that under-counts
   * overspends.
   */
  notionalUsdSince(sinceMs: number): RouteNotional[]
  /**
   * The change of {@link JournalQueries.notionalUsdSince} from the window `seen` (its position and
   * start) to the window starting at `sinceMs` (not before `seen.sinceMs`), read in one
   * transaction; without `seen`, the whole window is `added`. Exact whatever the clocks of the
   * writers: intents are never deleted and their notional never changes, and a row journaled
   * later, by any process, is past every position read before it.
   */
  notionalUsdChanges(sinceMs: number, seen?: { through: number; sinceMs: number }): NotionalChanges
  /**
   * Last time (ms) an intent of `route` became `failed` or `cancelled`, for cooldowns (P-4.5);
   * a failure the config caused ({@link CONFIG_FAILURE_PREFIX}) starts none.
   */
  lastFailureMs(route: string): number | undefined
  /** In-flight intents and today's (UTC) notional. */
  status(): JournalStatus
  /**
   * Intents created and observations made at or after `sinceMs` (default 0: all of them), read in
   * one transaction so the snapshot is consistent while `ferry run` writes. Reads only.
   */
  activitySince(sinceMs?: number): JournalActivity
}

/** Binds the reconciliation, history and status reads of one journal connection. */
export function createJournalQueries(
  db: Database.Database,
  clock: Clock,
  records: IntentRecords & SendRecords & ApprovalRecords & OrderRecords,
): JournalQueries {
  // The open states named one by one: `NOT IN` the terminal ones would scan every intent ever
  // journaled (a million rows: half a second per risk check), `IN` walks the state index.
  const openStates = INTENT_STATES.filter((st) => !TERMINAL_INTENT_STATES.includes(st))
  const selectNonTerminal = db.prepare<[], IntentRow>(
    `SELECT * FROM intents WHERE state IN (${openStates.map((st) => `'${st}'`).join(', ')})
     ORDER BY created_ms, rowid`,
  )
  const selectRecent = db.prepare<[number], IntentRow>(
    'SELECT * FROM intents ORDER BY created_ms DESC, rowid DESC LIMIT ?',
  )
  const selectNotional = db.prepare<[number], RouteNotional>(
    `SELECT route, SUM(notional_usd) AS notionalUsd, COUNT(*) AS intents FROM intents
     WHERE created_ms >= ? GROUP BY route ORDER BY notionalUsd DESC, route`,
  )
  const selectPosition = db.prepare<[], { through: number | null }>(
    'SELECT MAX(rowid) AS through FROM intents',
  )
  // The rows after a position are at the table's end: a rowid range, never the whole day.
  const selectAdded = db.prepare<[number, number, number], RouteNotional>(
    `SELECT route, SUM(notional_usd) AS notionalUsd, COUNT(*) AS intents FROM intents
     WHERE rowid > ? AND rowid <= ? AND created_ms >= ? GROUP BY route`,
  )
  const selectAged = db.prepare<[number, number, number], RouteNotional>(
    `SELECT route, SUM(notional_usd) AS notionalUsd, COUNT(*) AS intents FROM intents
     WHERE created_ms >= ? AND created_ms < ? AND rowid <= ? GROUP BY route`,
  )
  const selectIntentIdsSince = db.prepare<[number], { id: string }>(
    'SELECT id FROM intents WHERE created_ms >= ? ORDER BY created_ms, rowid',
  )
  // Strategy ids come from the journal itself: `ferry report` may run without the config.
  const selectObservingStrategies = db.prepare<[number], { strategy: string }>(
    'SELECT DISTINCT strategy FROM observations WHERE observed_ms >= ?',
  )
  const selectLastFailure = db.prepare<[string], { ms: number | null }>(
    `SELECT MAX(updated_ms) AS ms FROM intents WHERE route = ? AND state IN ('failed', 'cancelled')
       AND (reason IS NULL OR substr(reason, 1, ${CONFIG_FAILURE_PREFIX.length}) <> '${CONFIG_FAILURE_PREFIX}')`,
  )

  const reconciliationOf = (intentId: string): IntentReconciliation | undefined => {
    const intent = records.getIntent(intentId)
    if (!intent) return undefined
    const orders = records.ordersOf(intentId)
    return {
      intent,
      attempts: records.attemptsOf(intentId),
      approvals: records.approvalsOf(intentId),
      orders,
      hookSteps: orders.flatMap((order) => records.hookStepsOf(order.orderId)),
    }
  }
  const historyOf = (intentId: string): IntentHistory | undefined => {
    const base = reconciliationOf(intentId)
    return base && { ...base, quotes: records.quotesOf(intentId) }
  }
  const notionalUsdSince = (sinceMs: number): RouteNotional[] => selectNotional.all(sinceMs)
  const nonTerminalIntents = (): IntentRecord[] => selectNonTerminal.all().map(toIntentRecord)

  // One read transaction, so the status is a consistent snapshot while the engine writes.
  const status = db.transaction((): JournalStatus => {
    const nowMs = clock.nowMs()
    const dayStartMs = nowMs - (nowMs % DAY_MS)
    const inFlight = nonTerminalIntents()
    const todayByRoute = notionalUsdSince(dayStartMs)
    return toJournalStatus(dayStartMs, inFlight, todayByRoute)
  })

  const notionalUsdChanges = db.transaction(
    (sinceMs: number, seen?: { through: number; sinceMs: number }): NotionalChanges => {
      const through = selectPosition.get()?.through ?? 0
      if (seen === undefined) return { through, added: selectNotional.all(sinceMs), aged: [] }
      return {
        through,
        added: selectAdded.all(seen.through, through, sinceMs),
        aged: selectAged.all(seen.sinceMs, sinceMs, seen.through),
      }
    },
  )

  const activitySince = db.transaction(
    (sinceMs: number): JournalActivity => ({
      intents: selectIntentIdsSince.all(sinceMs).map((row) => historyOf(row.id)!),
      observations: selectObservingStrategies
        .all(sinceMs)
        .flatMap((row) => records.observations(row.strategy, sinceMs))
        .sort((a, b) => a.id - b.id),
    }),
  )

  return {
    nonTerminalIntents,
    reconciliationOf,
    pendingReconciliations: db.transaction((): IntentReconciliation[] =>
      nonTerminalIntents().map((intent) => reconciliationOf(intent.id)!),
    ),
    history(options = {}) {
      if (options.intentId !== undefined) {
        const one = historyOf(options.intentId)
        return one ? [one] : []
      }
      return selectRecent.all(options.limit ?? 50).map((row) => historyOf(row.id)!)
    },
    notionalUsdSince,
    notionalUsdChanges: (sinceMs, seen) => notionalUsdChanges(sinceMs, seen),
    lastFailureMs: (route) => selectLastFailure.get(route)?.ms ?? undefined,
    status: () => status(),
    activitySince: (sinceMs = 0) => activitySince(sinceMs),
  }
}
