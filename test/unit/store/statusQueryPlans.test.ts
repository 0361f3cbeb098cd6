import Database from 'better-sqlite3'
import { describe, expect, test } from 'vitest'
import { createManualClock } from '../../../src/common/clock.ts'
import { createApprovalRecords } from '../../../src/store/sqlite/createApprovalRecords.ts'
import { createDryRunQueries } from '../../../src/store/sqlite/createDryRunQueries.ts'
import { createIntentRecords } from '../../../src/store/sqlite/createIntentRecords.ts'
import { createJournalQueries } from '../../../src/store/sqlite/createJournalQueries.ts'
import { createOrderRecords } from '../../../src/store/sqlite/createOrderRecords.ts'
import { createPostponementRecords } from '../../../src/store/sqlite/createPostponementRecords.ts'
import { createSendRecords } from '../../../src/store/sqlite/createSendRecords.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { tmpDir } from './tmpJournal.ts'

const DAY_MS = 86_400_000

type Read = { sql: string; params: unknown[] }

/**
 * A connection to a migrated journal whose statements note every read they run, with its
 * parameters: what the journal's own code asks of SQLite, not a copy of its SQL.
 */
function recordingJournal(): { db: Database.Database; raw: Database.Database; reads: Read[] } {
  const path = `${tmpDir()}/journal.sqlite`
  openJournal(path).close()
  const db = new Database(path)
  const reads: Read[] = []
  const prepare = db.prepare.bind(db)
  const recording = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'prepare') return Reflect.get(target, key, receiver)
      return (sql: string) => {
        const statement = prepare(sql)
        const note =
          (run: (...params: unknown[]) => unknown) =>
          (...params: unknown[]) => {
            if (/^\s*SELECT\b/i.test(sql)) reads.push({ sql, params })
            return run(...params)
          }
        return new Proxy(statement, {
          get(s, k, r) {
            const value = Reflect.get(s, k, r)
            if (k === 'all' || k === 'get' || k === 'iterate') return note(value.bind(s))
            return typeof value === 'function' ? value.bind(s) : value
          },
        })
      }
    },
  })
  return { db: recording, raw: db, reads }
}

/** SQLite's plan of a read: one line per step (`SEARCH …`, `SCAN …`, `USE TEMP B-TREE …`). */
function planOf(db: Database.Database, read: Read): string[] {
  return db
    .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${read.sql}`)
    .all(...read.params)
    .map((row) => row.detail)
}

describe('the journal reads behind ferry status (docs/operations.md §8)', () => {
  test('default: none scans the intents or the observations, which grow with every intent and tick', () => {
    const { db, raw, reads } = recordingJournal()
    const clock = createManualClock(20_000 * DAY_MS)
    const queries = createJournalQueries(db, clock, {
      ...createIntentRecords(db, clock),
      ...createSendRecords(db, clock),
      ...createApprovalRecords(db, clock),
      ...createOrderRecords(db, clock),
    })
    const dryRuns = createDryRunQueries(db)
    const postponements = createPostponementRecords(db, clock)
    const since = clock.nowMs() - DAY_MS
    reads.length = 0
    // What statusCommand reads, in its order.
    queries.status()
    queries.notionalUsdSince(since)
    postponements.activePostponements(clock.nowMs())
    dryRuns.dryRuns({ sinceMs: since, limit: 10 })
    dryRuns.dryRunTotals(since)

    expect(reads.length).toBe(6)
    for (const read of reads) {
      const plan = planOf(raw, read)
      expect(plan.filter((step) => /^SCAN (intents|observations)\b/.test(step))).toEqual([])
    }
    const observationPlans = reads
      .filter((r) => r.sql.includes('FROM observations'))
      .map((r) => planOf(raw, r).join('; '))
    expect(observationPlans).toHaveLength(2)
    for (const plan of observationPlans) expect(plan).toContain('observations_dry_runs')
    raw.close()
  })
})
