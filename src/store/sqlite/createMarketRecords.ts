import type Database from 'better-sqlite3'
import type { QuoteObservation, TokenBalance } from '../../common/strategy/marketTypes.ts'
import { fromJournalJson } from '../contract/fromJournalJson.ts'
import { toJournalJson } from '../contract/toJournalJson.ts'

/** One tick as the engine saw it: when, which strategy instances were due, and the balances. */
export type TickRecord = {
  tickMs: number
  /** Ids of the strategy instances that ran in this tick, in run order. */
  strategies: string[]
  balances: TokenBalance[]
}

/** One quote a strategy's plan fetched in a tick, as journaled for replay. */
export type MarketQuoteRecord = {
  id: number
  /** The strategy instance whose plan asked for it. */
  strategy: string
  tickMs: number
  /** `create-tx` or `chain/transaction`. */
  endpoint: string
  /** The route request (RouteRequest) as the strategy planned it. */
  request: unknown
  /** The quote as the engine parsed it (QuoteObservation without its request). */
  response: unknown
  quotedMs: number
}

/** The market ferry saw: ticks and every quote fetched (docs/operations.md §9). */
export type MarketRecords = {
  /** Journals one tick's due strategies and balances. */
  recordTick(tick: TickRecord): void
  /**
   * Journals the quotes one strategy fetched in one tick, in one transaction (one fsync per
   * strategy turn, not per quote).
   */
  recordMarketQuotes(strategy: string, tickMs: number, quotes: readonly QuoteObservation[]): void
  /**
   * Deletes ticks and quotes older than `beforeMs` that no intent refers to (an intent's decision
   * quote is evidence and stays). Returns how many rows went.
   */
  pruneMarket(beforeMs: number): number
  /** Ticks and quotes with `sinceMs <= tickMs < untilMs`, oldest first (ties in journal order). */
  marketBetween(sinceMs?: number, untilMs?: number): MarketRecording
}

/** What {@link MarketRecords.marketBetween} returns. */
export type MarketRecording = { ticks: TickRecord[]; quotes: MarketQuoteRecord[] }

type TickRow = { tick_ms: number; strategies_json: string; balances_json: string }
type QuoteRow = {
  id: number
  strategy: string
  tick_ms: number
  endpoint: string
  request_json: string
  response_json: string
  quoted_ms: number
}

/** Binds the tick and market-quote statements of one journal connection. */
export function createMarketRecords(db: Database.Database): MarketRecords {
  const insertTick = db.prepare(
    'INSERT INTO ticks (tick_ms, strategies_json, balances_json) VALUES (?, ?, ?)',
  )
  const insertQuote = db.prepare(
    `INSERT INTO quotes (intent_id, endpoint, request_json, response_json, quoted_ms, strategy, tick_ms)
     VALUES (NULL, ?, ?, ?, ?, ?, ?)`,
  )
  const deleteTicks = db.prepare('DELETE FROM ticks WHERE tick_ms < ?')
  const deleteQuotes = db.prepare(
    'DELETE FROM quotes WHERE intent_id IS NULL AND tick_ms IS NOT NULL AND tick_ms < ?',
  )
  const selectTicks = db.prepare<[number, number], TickRow>(
    'SELECT * FROM ticks WHERE tick_ms >= ? AND tick_ms < ? ORDER BY tick_ms, id',
  )
  const selectQuotes = db.prepare<[number, number], QuoteRow>(
    `SELECT id, strategy, tick_ms, endpoint, request_json, response_json, quoted_ms FROM quotes
     WHERE tick_ms IS NOT NULL AND tick_ms >= ? AND tick_ms < ? ORDER BY tick_ms, id`,
  )
  const insertQuotes = db.transaction(
    (strategy: string, tickMs: number, quotes: readonly QuoteObservation[]) => {
      for (const q of quotes) {
        const { request, ...response } = q
        insertQuote.run(
          request.kind === 'crossChain' ? 'create-tx' : 'chain/transaction',
          toJournalJson(request),
          toJournalJson(response),
          q.quotedAtMs,
          strategy,
          tickMs,
        )
      }
    },
  )
  const prune = db.transaction(
    (beforeMs: number) => deleteTicks.run(beforeMs).changes + deleteQuotes.run(beforeMs).changes,
  )
  const between = db.transaction(
    (sinceMs: number, untilMs: number): MarketRecording => ({
      ticks: selectTicks.all(sinceMs, untilMs).map((row) => ({
        tickMs: row.tick_ms,
        strategies: JSON.parse(row.strategies_json) as string[],
        balances: fromJournalJson(row.balances_json) as TokenBalance[],
      })),
      quotes: selectQuotes.all(sinceMs, untilMs).map((row) => ({
        id: row.id,
        strategy: row.strategy,
        tickMs: row.tick_ms,
        endpoint: row.endpoint,
        request: fromJournalJson(row.request_json),
        response: fromJournalJson(row.response_json),
        quotedMs: row.quoted_ms,
      })),
    }),
  )
  return {
    recordTick(tick) {
      insertTick.run(tick.tickMs, JSON.stringify(tick.strategies), toJournalJson(tick.balances))
    },
    recordMarketQuotes(strategy, tickMs, quotes) {
      if (quotes.length > 0) insertQuotes.immediate(strategy, tickMs, quotes)
    },
    pruneMarket: (beforeMs) => prune.immediate(beforeMs),
    marketBetween: (sinceMs = 0, untilMs = Number.MAX_SAFE_INTEGER) => between(sinceMs, untilMs),
  }
}
