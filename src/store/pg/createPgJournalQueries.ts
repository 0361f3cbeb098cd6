import { type Kysely, sql } from 'kysely'
import type { Clock } from '../../common/clock.ts'
import { DAY_MS } from '../../common/DAY_MS.ts'
import { fromJournalJson } from '../contract/fromJournalJson.ts'
import type { AsyncMethods } from '../contract/JournalStore.ts'
import type { IntentReconciliation, IntentRecord } from '../contract/journalTypes.ts'
import {
  CONFIG_FAILURE_PREFIX,
  INTENT_STATES,
  TERMINAL_INTENT_STATES,
} from '../contract/journalTypes.ts'
import type { DryRunQueries } from '../sqlite/createDryRunQueries.ts'
import { toDryRunRecord } from '../sqlite/createDryRunQueries.ts'
import { toIntentRecord } from '../sqlite/createIntentRecords.ts'
import {
  type IntentHistory,
  type JournalQueries,
  type NotionalChanges,
  type RouteNotional,
  toJournalStatus,
} from '../sqlite/createJournalQueries.ts'
import { createPgApprovalRecords } from './createPgApprovalRecords.ts'
import { createPgIntentRecords } from './createPgIntentRecords.ts'
import { createPgOrderRecords } from './createPgOrderRecords.ts'
import { createPgSendRecords } from './createPgSendRecords.ts'
import type { PgAccess } from './PgAccess.ts'
import type { PgJournalTables } from './PgJournalTables.ts'
import { pgAccessOver } from './pgAccessOver.ts'

type Db = Kysely<PgJournalTables>

const OPEN_STATES = INTENT_STATES.filter((st) => !TERMINAL_INTENT_STATES.includes(st))
/** Observations the engine wrote for an intent a dry run accepted (handleIntent). */
const IS_DRY_RUN = sql<boolean>`(data_json::jsonb ->> 'kind') = 'dryRun'`

/** The reads that gather one intent's records, over a connection or one snapshot transaction. */
function readsOver(ex: Db, clock: Clock) {
  const access = pgAccessOver(ex)
  const intents = createPgIntentRecords(access, clock)
  // Only its reads are used: a snapshot writes nothing ahead.
  const sends = createPgSendRecords(access, clock, { db: ex, flush: async () => {} })
  const approvals = createPgApprovalRecords(access, clock)
  const orders = createPgOrderRecords(access, clock)
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
  return {
    intents,
    reconciliationOf,
    historyOf,
    nonTerminalIntents: () => nonTerminalIntentsOf(ex),
    notionalUsdSince: (sinceMs: number) => notionalUsdSinceOf(ex, sinceMs),
  }
}

/** The intents not yet in a terminal state, oldest first (commit order breaks ties). */
async function nonTerminalIntentsOf(ex: Db): Promise<IntentRecord[]> {
  const rows = await ex
    .selectFrom('intents')
    .selectAll()
    .where('state', 'in', OPEN_STATES)
    .orderBy('created_ms')
    .orderBy('seq')
    .execute()
  return rows.map(toIntentRecord)
}

/** Notional per route of the intents created at or after `sinceMs`, largest first. */
async function notionalUsdSinceOf(ex: Db, sinceMs: number): Promise<RouteNotional[]> {
  const result = await sql<RouteNotional>`
    SELECT route, SUM(notional_usd) AS "notionalUsd", COUNT(*) AS intents FROM intents
    WHERE created_ms >= ${sinceMs} GROUP BY route ORDER BY "notionalUsd" DESC, route COLLATE "C"`.execute(
    ex,
  )
  return result.rows
}

/** Notional per route of the intents of `seq` in (`afterSeq`, `throughSeq`], created in [from, to). */
async function notionalOf(
  ex: Db,
  range: { afterSeq: number; throughSeq: number; fromMs: number; toMs?: number },
): Promise<RouteNotional[]> {
  const until = range.toMs === undefined ? sql`TRUE` : sql`created_ms < ${range.toMs}`
  const result = await sql<RouteNotional>`
    SELECT route, SUM(notional_usd) AS "notionalUsd", COUNT(*) AS intents FROM intents
    WHERE seq > ${range.afterSeq} AND seq <= ${range.throughSeq}
      AND created_ms >= ${range.fromMs} AND ${until}
    GROUP BY route ORDER BY route COLLATE "C"`.execute(ex)
  return result.rows
}

/** Reconciliation, history, status and dry-run reads on PostgreSQL, as on SQLite. */
export function createPgJournalQueries(
  access: PgAccess,
  clock: Clock,
): AsyncMethods<JournalQueries & DryRunQueries> {
  // Several reads that must agree (a status, a report) run in one repeatable-read snapshot,
  // as SQLite's read transaction gives them while the engine writes.
  const snapshot = <T>(fn: (r: ReturnType<typeof readsOver>, trx: Db) => Promise<T>) =>
    access.snapshot((trx) => fn(readsOver(trx, clock), trx))

  return {
    // Straight to the query: building every record set (readsOver) per call is for snapshots.
    nonTerminalIntents: () => access.read(nonTerminalIntentsOf),
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
    notionalUsdSince: (sinceMs) => access.read((db) => notionalUsdSinceOf(db, sinceMs)),
    // Positions are `seq`, which a commit-time trigger gives in commit order (migration
    // 0009_commit_ordered_seq): a row committed later, by any process, is past every position
    // read before it. Read on committed rows only: a grouped row's seq is not final yet.
    notionalUsdChanges: (sinceMs, seen) =>
      access.committed(async (trx): Promise<NotionalChanges> => {
        const position = await trx
          .selectFrom('intents')
          .select((eb) => eb.fn.max('seq').as('through'))
          .executeTakeFirst()
        const through = position?.through ?? 0
        const added = await notionalOf(trx, {
          afterSeq: seen?.through ?? 0,
          throughSeq: through,
          fromMs: sinceMs,
        })
        if (seen === undefined) return { through, added, aged: [] }
        return {
          through,
          added,
          aged: await notionalOf(trx, {
            afterSeq: 0,
            throughSeq: seen.through,
            fromMs: seen.sinceMs,
            toMs: sinceMs,
          }),
        }
      }),
    async lastFailureMs(route) {
      const row = await access.read((db) =>
        db
          .selectFrom('intents')
          .select((eb) => eb.fn.max('updated_ms').as('ms'))
          .where('route', '=', route)
          .where('state', 'in', ['failed', 'cancelled'])
          .where((eb) =>
            eb.or([
              eb('reason', 'is', null),
              eb(
                eb.fn('left', ['reason', eb.val(CONFIG_FAILURE_PREFIX.length)]),
                '<>',
                CONFIG_FAILURE_PREFIX,
              ),
            ]),
          )
          .executeTakeFirst(),
      )
      return row?.ms ?? undefined
    },
    status: () =>
      snapshot(async (r) => {
        const nowMs = clock.nowMs()
        const dayStartMs = nowMs - (nowMs % DAY_MS)
        const inFlight = await r.nonTerminalIntents()
        const todayByRoute = await r.notionalUsdSince(dayStartMs)
        return toJournalStatus(dayStartMs, inFlight, todayByRoute)
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
      const rows = await access.read((db) => {
        // A window (`ferry status`'s 24 h) reads the dry-run index (0008_observations_dry_runs).
        let query = db.selectFrom('observations').selectAll().where(IS_DRY_RUN)
        if (options.intentId !== undefined) {
          query = query
            .where(sql<boolean>`(data_json::jsonb ->> 'intentId') = ${options.intentId}`)
            .limit(1)
        } else {
          if (options.sinceMs !== undefined)
            query = query.where('observed_ms', '>=', options.sinceMs)
          query = query.limit(options.limit ?? 50)
        }
        return query.orderBy('id', 'desc').execute()
      })
      return rows.map(toDryRunRecord)
    },
    async dryRunTotals(sinceMs) {
      const row = await access.read((db) =>
        db
          .selectFrom('observations')
          .select([
            sql<number>`COUNT(*)`.as('count'),
            sql<number | null>`SUM((data_json::jsonb ->> 'notionalUsd')::double precision)`.as(
              'notionalUsd',
            ),
          ])
          .where('observed_ms', '>=', sinceMs)
          .where(IS_DRY_RUN)
          .executeTakeFirst(),
      )
      return { count: row?.count ?? 0, notionalUsd: row?.notionalUsd ?? 0 }
    },
  }
}
