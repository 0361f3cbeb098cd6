import { sql } from 'kysely'
import type { Clock } from '../../common/clock.ts'
import type { TokenBalance } from '../../common/strategy/marketTypes.ts'
import { fromJournalJson } from '../contract/fromJournalJson.ts'
import type { AsyncMethods } from '../contract/JournalStore.ts'
import { toJournalJson } from '../contract/toJournalJson.ts'
import type { MarketRecords } from '../sqlite/createMarketRecords.ts'
import {
  type PostponementRecords,
  toPostponementRecord,
} from '../sqlite/createPostponementRecords.ts'
import type { PgAccess } from './PgAccess.ts'

/**
 * Ticks, market quotes and postponements on PostgreSQL, as `createMarketRecords` and
 * `createPostponementRecords` on SQLite.
 */
export function createPgMarketRecords(
  access: PgAccess,
  clock: Clock,
): AsyncMethods<MarketRecords & PostponementRecords> {
  return {
    async recordTick(tick) {
      await access.write((db) =>
        db
          .insertInto('ticks')
          .values({
            tick_ms: tick.tickMs,
            strategies_json: JSON.stringify(tick.strategies),
            balances_json: toJournalJson(tick.balances),
          })
          .execute(),
      )
    },
    async recordMarketQuotes(strategy, tickMs, quotes) {
      if (quotes.length === 0) return
      // One multi-row INSERT: one statement, one commit per strategy turn.
      await access.write((db) =>
        db
          .insertInto('quotes')
          .values(
            quotes.map((q) => {
              const { request, ...response } = q
              return {
                intent_id: null,
                endpoint: request.kind === 'crossChain' ? 'create-tx' : 'chain/transaction',
                request_json: toJournalJson(request),
                response_json: toJournalJson(response),
                quoted_ms: q.quotedAtMs,
                strategy,
                tick_ms: tickMs,
              }
            }),
          )
          .execute(),
      )
    },
    pruneMarket: (beforeMs) =>
      access.atomic(async (trx) => {
        const ticks = await trx
          .deleteFrom('ticks')
          .where('tick_ms', '<', beforeMs)
          .executeTakeFirst()
        const quotes = await trx
          .deleteFrom('quotes')
          .where('intent_id', 'is', null)
          .where('tick_ms', 'is not', null)
          .where('tick_ms', '<', beforeMs)
          .executeTakeFirst()
        return Number(ticks.numDeletedRows + quotes.numDeletedRows)
      }),
    marketBetween: (sinceMs = 0, untilMs = Number.MAX_SAFE_INTEGER) =>
      access.snapshot(async (trx) => {
        const ticks = await trx
          .selectFrom('ticks')
          .selectAll()
          .where('tick_ms', '>=', sinceMs)
          .where('tick_ms', '<', untilMs)
          .orderBy('tick_ms')
          .orderBy('id')
          .execute()
        const quotes = await trx
          .selectFrom('quotes')
          .selectAll()
          .where('tick_ms', 'is not', null)
          .where('tick_ms', '>=', sinceMs)
          .where('tick_ms', '<', untilMs)
          .orderBy('tick_ms')
          .orderBy('id')
          .execute()
        return {
          ticks: ticks.map((row) => ({
            tickMs: row.tick_ms,
            strategies: JSON.parse(row.strategies_json) as string[],
            balances: fromJournalJson(row.balances_json) as TokenBalance[],
          })),
          quotes: quotes.map((row) => ({
            id: row.id,
            strategy: row.strategy ?? '',
            tickMs: row.tick_ms ?? 0,
            endpoint: row.endpoint,
            request: fromJournalJson(row.request_json),
            response: fromJournalJson(row.response_json),
            quotedMs: row.quoted_ms,
          })),
        }
      }),
    async recordPostponement(p) {
      const row = {
        strategy: p.strategy,
        request_id: p.requestId,
        route: p.route,
        reason: p.reason,
        detail: p.detail,
        until_ms: p.untilMs,
        created_ms: clock.nowMs(),
      }
      await access.write((db) =>
        db
          .insertInto('postponements')
          .values(row)
          .onConflict((oc) =>
            oc.columns(['strategy', 'request_id']).doUpdateSet({
              route: row.route,
              reason: row.reason,
              detail: row.detail,
              until_ms: row.until_ms,
              created_ms: row.created_ms,
            }),
          )
          .execute(),
      )
    },
    async activePostponements(nowMs) {
      const rows = await access.read((db) =>
        db
          .selectFrom('postponements')
          .selectAll()
          .where('until_ms', '>', nowMs)
          .orderBy('until_ms')
          .orderBy(sql`strategy COLLATE "C"`)
          .orderBy(sql`request_id COLLATE "C"`)
          .execute(),
      )
      return rows.map(toPostponementRecord)
    },
  }
}
