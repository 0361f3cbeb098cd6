import type Database from 'better-sqlite3'
import { fromJournalJson } from '../contract/fromJournalJson.ts'

/**
 * An intent a dry run accepted and did not sign: journaled as a `dryRun` observation, never as an
 * intent, so it counts against no cap. `ferry history` and `ferry status` show it marked as such.
 */
export type DryRunRecord = {
  intentId: string
  strategy: string
  route: string
  /** USD value of the intent when it was decided. */
  notionalUsd: number
  /** What it would have given, in the source token's base units. */
  amountIn: bigint | undefined
  /** The least it would have taken, in the destination token's base units. */
  minAmountOut: bigint | undefined
  /** The strategy's reason for the intent. */
  reason: string | undefined
  /** When the dry run decided it, clock ms. */
  observedMs: number
}

/** Reads of the dry-run intents of a journal. */
export type DryRunQueries = {
  /**
   * Dry-run intents observed at or after `sinceMs` (default 0), newest first, at most `limit`
   * (default 50); with `intentId`, only that one.
   */
  dryRuns(options?: { sinceMs?: number; limit?: number; intentId?: string }): DryRunRecord[]
  /** How many dry-run intents were observed at or after `sinceMs`, and their notional, USD. */
  dryRunTotals(sinceMs: number): { count: number; notionalUsd: number }
}

type Row = { id: number; strategy: string; data_json: string; observed_ms: number }

/** Binds the dry-run reads of one journal connection. */
export function createDryRunQueries(db: Database.Database): DryRunQueries {
  // The engine writes each dry-run intent as one observation of kind dryRun (handleIntent).
  // Newest first over every observation: stops at the limit, however old the journal.
  const selectRecent = db.prepare<[number], Row>(
    `SELECT * FROM observations WHERE json_extract(data_json, '$.kind') = 'dryRun'
     ORDER BY id DESC LIMIT ?`,
  )
  // A window (`ferry status`'s 24 h): its ids from the dry-run index, newest first. Written as
  // the plain query above, SQLite walks every observation newest first to spare a sort, and a
  // window holding fewer than `limit` dry runs (a live bot's) then reads the whole table.
  const selectRecentSince = db.prepare<[number, number], Row>(
    `SELECT * FROM observations WHERE id IN (
       SELECT id FROM observations
       WHERE observed_ms >= ? AND json_extract(data_json, '$.kind') = 'dryRun'
     ) ORDER BY id DESC LIMIT ?`,
  )
  const selectOne = db.prepare<[string], Row>(
    `SELECT * FROM observations
     WHERE json_extract(data_json, '$.kind') = 'dryRun' AND json_extract(data_json, '$.intentId') = ?
     ORDER BY id DESC LIMIT 1`,
  )
  const selectTotals = db.prepare<[number], { count: number; notionalUsd: number | null }>(
    `SELECT COUNT(*) AS count, SUM(json_extract(data_json, '$.notionalUsd')) AS notionalUsd
     FROM observations WHERE observed_ms >= ? AND json_extract(data_json, '$.kind') = 'dryRun'`,
  )
  return {
    dryRunTotals(sinceMs) {
      const row = selectTotals.get(sinceMs)
      return { count: row?.count ?? 0, notionalUsd: row?.notionalUsd ?? 0 }
    },
    dryRuns(options = {}) {
      const limit = options.limit ?? 50
      const rows =
        options.intentId !== undefined
          ? selectOne.all(options.intentId)
          : options.sinceMs === undefined
            ? selectRecent.all(limit)
            : selectRecentSince.all(options.sinceMs, limit)
      return rows.map(toDryRunRecord)
    },
  }
}

/** Maps a dry-run observation row to its record. */
export function toDryRunRecord(row: Row): DryRunRecord {
  const data = fromJournalJson(row.data_json) as Record<string, unknown>
  return {
    intentId: String(data.intentId),
    strategy: row.strategy,
    route: String(data.route ?? ''),
    notionalUsd: typeof data.notionalUsd === 'number' ? data.notionalUsd : 0,
    amountIn: typeof data.amountIn === 'bigint' ? data.amountIn : undefined,
    minAmountOut: typeof data.minAmountOut === 'bigint' ? data.minAmountOut : undefined,
    reason: typeof data.reason === 'string' ? data.reason : undefined,
    observedMs: row.observed_ms,
  }
}
