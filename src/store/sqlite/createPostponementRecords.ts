import type Database from 'better-sqlite3'
import type { Clock } from '../../common/clock.ts'

/** Work a risk check postponed: a strategy's request, not to be quoted again before `untilMs`. */
export type PostponementRecord = {
  strategy: string
  requestId: string
  route: string
  /** The postpone reason of the risk check, e.g. `inFlightBudgetFull`. */
  reason: string
  detail: string
  /** ms since the epoch. */
  untilMs: number
  createdMs: number
}

/** The journal's postponements (`postpone.delayMs`, honoured across restarts). */
export type PostponementRecords = {
  /** Records (or moves) a request's postponement; one per (strategy, request). */
  recordPostponement(params: Omit<PostponementRecord, 'createdMs'>): void
  /** Postponements still running at `nowMs`, soonest end first. */
  activePostponements(nowMs: number): PostponementRecord[]
}

/** A `postponements` row, as both journals hold it. */
export type PostponementRow = {
  strategy: string
  request_id: string
  route: string
  reason: string
  detail: string
  until_ms: number
  created_ms: number
}

/** A postponement row as the journal gives it. */
export function toPostponementRecord(row: PostponementRow): PostponementRecord {
  return {
    strategy: row.strategy,
    requestId: row.request_id,
    route: row.route,
    reason: row.reason,
    detail: row.detail,
    untilMs: row.until_ms,
    createdMs: row.created_ms,
  }
}

/** Prepares the postponement statements over an open journal database. */
export function createPostponementRecords(
  db: Database.Database,
  clock: Clock,
): PostponementRecords {
  const upsert = db.prepare(
    `INSERT INTO postponements (strategy, request_id, route, reason, detail, until_ms, created_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (strategy, request_id) DO UPDATE SET
       route = excluded.route, reason = excluded.reason, detail = excluded.detail,
       until_ms = excluded.until_ms, created_ms = excluded.created_ms`,
  )
  const active = db.prepare<[number], PostponementRow>(
    'SELECT * FROM postponements WHERE until_ms > ? ORDER BY until_ms, strategy, request_id',
  )
  return {
    recordPostponement(p) {
      upsert.run(p.strategy, p.requestId, p.route, p.reason, p.detail, p.untilMs, clock.nowMs())
    },
    activePostponements: (nowMs) => active.all(nowMs).map(toPostponementRecord),
  }
}
