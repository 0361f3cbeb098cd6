/**
 * The world of the journal copy tests (copyJournalToPg.test.ts): the file's embedded PostgreSQL,
 * the cleanups a test registers (run after each test, last first), and the SQLite journals and
 * row counts the tests compare.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterEach } from 'vitest'
import { createManualClock, type ManualClock } from '../../../src/common/clock.ts'
import { DAY_MS } from '../../../src/common/DAY_MS.ts'
import type { JournalStore } from '../../../src/store/contract/JournalStore.ts'
import { JOURNAL_COPY_TABLES } from '../../../src/store/copy/journalCopyTables.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { FILL_FROM, fillTestJournal } from '../../helpers/fillTestJournal.ts'
import type { TestPostgresDatabases } from '../../helpers/useTestPostgres.ts'
import { useTestPostgres } from '../../helpers/useTestPostgres.ts'

export const START_MS = 1_700_000_000_000
export const TABLES = JOURNAL_COPY_TABLES.map((t) => t.name)
export const cleanups: (() => Promise<void> | void)[] = []

/** Starts the file's PostgreSQL (databases `migrate…`) and runs the cleanups after each test. */
export function useCopyJournalWorld(): TestPostgresDatabases {
  const databases = useTestPostgres('migrate')
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  return databases
}

/** A fresh tmp dir, removed after the test. */
export function tmpDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-migrate-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A SQLite journal filled by {@link fillTestJournal}, closed; its path and clock. */
export function filledJournal(observations = 0): { path: string; clock: ManualClock } {
  const clock = createManualClock(START_MS)
  const path = join(tmpDir(), 'ferry.journal.sqlite')
  const journal = openJournal(path, { clock })
  fillTestJournal(journal, clock, observations)
  journal.close()
  return { path, clock }
}

/** Rows per table of a SQLite file, read directly. */
export function sqliteCounts(path: string): Record<string, number> {
  const db = new Database(path, { readonly: true })
  try {
    return Object.fromEntries(
      TABLES.map((t) => [
        t,
        (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n,
      ]),
    )
  } finally {
    db.close()
  }
}

/** Rows per journal table of a PostgreSQL database. */
export async function pgCounts(url: string): Promise<Record<string, number>> {
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  try {
    const counts: Record<string, number> = {}
    for (const t of [...TABLES, 'wallet_leases']) {
      counts[t] = Number((await pool.query(`SELECT COUNT(*) AS n FROM ${t}`)).rows[0].n)
    }
    return counts
  } finally {
    await pool.end()
  }
}

/** The answers ferry's reads give on a journal: what must not change with the backend. */
export async function answers(store: JournalStore, nowMs: number) {
  return {
    status: await store.status(),
    history: await store.history(),
    historyOf: await store.history({ intentId: 'created' }),
    pending: await store.pendingReconciliations(),
    nonTerminal: await store.nonTerminalIntents(),
    unsettled: await store.unsettledAttempts(),
    notionalDay: await store.notionalUsdSince(nowMs - DAY_MS),
    notionalAll: await store.notionalUsdSince(0),
    lastFailure: await store.lastFailureMs('r2'),
    highestNonce: await store.highestNonce(42161, FILL_FROM),
    nonce4: await store.attemptsOfNonce(42161, FILL_FROM, 4),
    quotes: await store.quotesOf('done'),
    observations: await store.observations('usdc'),
    dryRuns: await store.dryRuns(),
    dryRunTotals: await store.dryRunTotals(0),
    market: await store.marketBetween(),
    postponed: await store.activePostponements(nowMs),
    activity: await store.activitySince(0),
  }
}
