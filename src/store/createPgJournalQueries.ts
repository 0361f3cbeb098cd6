import { type Kysely, sql } from 'kysely'
import type { Clock } from '../common/clock.ts'
import type { DryRunQueries } from './createDryRunQueries.ts'
import { toDryRunRecord } from './createDryRunQueries.ts'
import { toIntentRecord } from './createIntentRecords.ts'
import type { IntentHistory, JournalQueries, RouteNotional } from './createJournalQueries.ts'
import { createPgApprovalRecords } from './createPgApprovalRecords.ts'
import { createPgIntentRecords } from './createPgIntentRecords.ts'
import { createPgOrderRecords } from './createPgOrderRecords.ts'
import { createPgSendRecords } from './createPgSendRecords.ts'
import { fromJournalJson } from './fromJournalJson.ts'
import type { AsyncMethods } from './JournalStore.ts'
import type { IntentReconciliation, IntentRecord } from './journalTypes.ts'
import { INTENT_STATES, TERMINAL_INTENT_STATES } from './journalTypes.ts'
import type { PgJournalTables } from './PgJournalTables.ts'

type Db = Kysely<PgJournalTables>

const DAY_MS = 86_400_000
const OPEN_STATES = INTENT_STATES.filter((st) => !TERMINAL_INTENT_STATES.includes(st))
/** Observations the engine wrote for an intent a dry run accepted (handleIntent). */
const IS_DRY_RUN = sql<boolean>`(data_json::jsonb ->> 'kind') = 'dryRun'`

/** The reads that gather one intent's records, over a connection or one snapshot transaction. */
function readsOver(ex: Db, clock: Clock) {
  const intents = createPgIntentRecords(ex, clock)
  const sends = createPgSendRecords(ex, clock)
  const approvals = createPgApprovalRecords(ex, clock)
  const orders = createPgOrderRecords(ex, clock)
  const reconciliationOf = async (intentId: string): Promise<IntentReconciliation | undefined> => {
    const intent = await intents.getIntent(intentId)
    if (!intent) return undefined
    const ofOrders = await orders.ordersOf(intentId)
    const hookSteps = []
    for (const order of ofOrders) hookSteps.push(...(await orders.hookStepsOf(order.orderId)))
    return {
      intent,
      attempts: await sends.attemptsOf(intentId),
      approvals: await approvals.approvalsOf(intentId),
      orders: ofOrders,
      hookSteps,
    }
  }
  const historyOf = async (intentId: string): Promise<IntentHistory | undefined> => {
    const base = await reconciliationOf(intentId)
    return base && { ...base, quotes: await intents.quotesOf(intentId) }
  }
  const nonTerminalIntents = async (): Promise<IntentRecord[]> => {
    const rows = await ex
      .selectFrom('intents')
      .selectAll()
      .where('state', 'in', OPEN_STATES)
      .orderBy('created_ms')
      .orderBy('seq')
      .execute()
    return rows.map(toIntentRecord)
  }
  const notionalUsdSince = async (sinceMs: number): Promise<RouteNotional[]> => {
    const result = await sql<RouteNotional>`
      SELECT route, SUM(notional_usd) AS "notionalUsd", COUNT(*) AS intents FROM intents
      WHERE created_ms >= ${sinceMs} GROUP BY route ORDER BY "notionalUsd" DESC, route COLLATE "C"`.execute(
      ex,
    )
    return result.rows
  }
  return { intents, reconciliationOf, historyOf, nonTerminalIntents, notionalUsdSince }
}

/** Reconciliation, history, status and dry-run reads on PostgreSQL, as on SQLite. */
export function createPgJournalQueries(
  db: Db,
  clock: Clock,
): AsyncMethods<JournalQueries & DryRunQueries> {
  const reads = readsOver(db, clock)
  // Several reads that must agree (a status, a report) run in one repeatable-read snapshot,
  // as SQLite's read transaction gives them while the engine writes.
  const snapshot = <T>(fn: (r: ReturnType<typeof readsOver>, trx: Db) => Promise<T>) =>
    db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => fn(readsOver(trx, clock), trx))

  return {
    nonTerminalIntents: reads.nonTerminalIntents,
    reconciliationOf: (intentId) => snapshot((r) => r.reconciliationOf(intentId)),
    pendingReconciliations: () =>
      snapshot(async (r) => {
        const out: IntentReconciliation[] = []
        for (const intent of await r.nonTerminalIntents()) {
          out.push((await r.reconciliationOf(intent.id))!)
        }
        return out
      }),
    history: (options = {}) =>
      snapshot(async (r, trx) => {
        if (options.intentId !== undefined) {
          const one = await r.historyOf(options.intentId)
          return one ? [one] : []
        }
        const rows = await trx
          .selectFrom('intents')
          .select('id')
          .orderBy('created_ms', 'desc')
          .orderBy('seq', 'desc')
          .limit(options.limit ?? 50)
          .execute()
        const out: IntentHistory[] = []
        for (const row of rows) out.push((await r.historyOf(row.id))!)
        return out
      }),
    notionalUsdSince: reads.notionalUsdSince,
    async lastFailureMs(route) {
      const row = await db
        .selectFrom('intents')
        .select((eb) => eb.fn.max('updated_ms').as('ms'))
        .where('route', '=', route)
        .where('state', 'in', ['failed', 'cancelled'])
        .executeTakeFirst()
      return row?.ms ?? undefined
    },
    status: () =>
      snapshot(async (r) => {
        const nowMs = clock.nowMs()
        const dayStartMs = nowMs - (nowMs % DAY_MS)
        const inFlight = await r.nonTerminalIntents()
        const todayByRoute = await r.notionalUsdSince(dayStartMs)
        return {
          dayStartMs,
          inFlight,
          inFlightUsd: inFlight.reduce((sum, intent) => sum + intent.notionalUsd, 0),
          todayByRoute,
          todayUsd: todayByRoute.reduce((sum, route) => sum + route.notionalUsd, 0),
        }
      }),
    activitySince: (sinceMs = 0) =>
      snapshot(async (r, trx) => {
        const ids = await trx
          .selectFrom('intents')
          .select('id')
          .where('created_ms', '>=', sinceMs)
          .orderBy('created_ms')
          .orderBy('seq')
          .execute()
        const intents: IntentHistory[] = []
        for (const row of ids) intents.push((await r.historyOf(row.id))!)
        const rows = await trx
          .selectFrom('observations')
          .selectAll()
          .where('observed_ms', '>=', sinceMs)
          .orderBy('id')
          .execute()
        const observations = rows.map((row) => ({
          id: row.id,
          strategy: row.strategy,
          data: fromJournalJson(row.data_json),
          observedMs: row.observed_ms,
        }))
        return { intents, observations }
      }),
    async dryRuns(options = {}) {
      let query = db.selectFrom('observations').selectAll().where(IS_DRY_RUN)
      query =
        options.intentId === undefined
          ? query.where('observed_ms', '>=', options.sinceMs ?? 0).limit(options.limit ?? 50)
          : query
              .where(sql<boolean>`(data_json::jsonb ->> 'intentId') = ${options.intentId}`)
              .limit(1)
      const rows = await query.orderBy('id', 'desc').execute()
      return rows.map(toDryRunRecord)
    },
    async dryRunTotals(sinceMs) {
      const row = await db
        .selectFrom('observations')
        .select([
          sql<number>`COUNT(*)`.as('count'),
          sql<number | null>`SUM((data_json::jsonb ->> 'notionalUsd')::double precision)`.as(
            'notionalUsd',
          ),
        ])
        .where('observed_ms', '>=', sinceMs)
        .where(IS_DRY_RUN)
        .executeTakeFirst()
      return { count: row?.count ?? 0, notionalUsd: row?.notionalUsd ?? 0 }
    },
  }
}
