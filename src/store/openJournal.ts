import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { type Clock, systemClock } from '../common/clock.ts'
import { acquireSenderLock, type SenderLock } from './acquireSenderLock.ts'
import { type ApprovalRecords, createApprovalRecords } from './createApprovalRecords.ts'
import { createIntentRecords, type IntentRecords } from './createIntentRecords.ts'
import { createJournalQueries, type JournalQueries } from './createJournalQueries.ts'
import { createMarketRecords, type MarketRecords } from './createMarketRecords.ts'
import { createOrderRecords, type OrderRecords } from './createOrderRecords.ts'
import { createPostponementRecords, type PostponementRecords } from './createPostponementRecords.ts'
import { createSendRecords, type SendRecords } from './createSendRecords.ts'
import { JournalError } from './JournalError.ts'
import { migrateJournal } from './migrateJournal.ts'

/** Options of {@link openJournal}. */
export type OpenJournalOptions = {
  /** Time source of every `*Ms` the journal writes. Default the system clock. */
  clock?: Clock
  /** How long a write waits for another process's write transaction, ms. Default 5 000. */
  busyTimeoutMs?: number
}

/**
 * ferry's journal: intents, quotes, approvals, signed attempts, orders, hook steps, observations,
 * the market each tick saw (for replay) and sender locks, in one SQLite database. Every write is one committed transaction: when a
 * method returns, its record is on disk (P-2.1). It stores no keys: raw signed transactions are
 * public data.
 */
export type Journal = IntentRecords &
  SendRecords &
  ApprovalRecords &
  OrderRecords &
  PostponementRecords &
  MarketRecords &
  JournalQueries & {
    /** Absolute path of the database file. */
    readonly path: string
    /** The schema version (`user_version`) after migration. */
    readonly schemaVersion: number
    /** The pragmas durability rests on, read back from SQLite. */
    pragmas(): { journalMode: string; synchronous: number; foreignKeys: boolean }
    /**
     * Takes the single-writer lock of one wallet on one chain (P-2.4); see `acquireSenderLock`.
     * Locks still held are released by {@link Journal.close}.
     */
    acquireSenderLock(chainId: number, address: string, ownerId: string, ttlMs: number): SenderLock
    /** Releases this journal's sender locks and closes the database. Idempotent. */
    close(): void
  }

/** SQLite's `synchronous` value for FULL: fsync of the WAL at every commit. */
const SYNCHRONOUS_FULL = 2

/**
 * Opens (creating if needed) the journal at `path`: WAL mode with `synchronous=FULL`, both read
 * back and asserted because a journal that silently runs with weaker durability would break the
 * write-ahead promise (P-2.1); then migrates the schema (`user_version`) and prepares every
 * statement once.
 * @throws JournalError when the pragmas do not hold (e.g. `:memory:` cannot use WAL) or the
 *   schema is newer than this build.
 */
export function openJournal(path: string, options: OpenJournalOptions = {}): Journal {
  const clock = options.clock ?? systemClock
  // In-memory and temporary databases pass through, so the WAL assertion refuses them below.
  const onDisk = path !== '' && path !== ':memory:'
  const dbPath = onDisk ? resolve(path) : path
  if (onDisk) mkdirSync(dirname(dbPath), { recursive: true })
  const db = new Database(dbPath, { timeout: options.busyTimeoutMs ?? 5_000 })
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    const pragmas = readPragmas(db)
    if (pragmas.journalMode !== 'wal' || pragmas.synchronous !== SYNCHRONOUS_FULL) {
      throw new JournalError('the journal cannot run with WAL and synchronous=FULL', {
        metaMessages: [
          `journal: ${dbPath}`,
          `journal_mode: ${pragmas.journalMode}`,
          `synchronous: ${pragmas.synchronous}`,
          'fix: put the journal on a local file system that supports WAL (not :memory:)',
        ],
      })
    }
    const schemaVersion = migrateJournal(db)
    const intents = createIntentRecords(db, clock)
    const sends = createSendRecords(db, clock)
    const approvals = createApprovalRecords(db, clock)
    const orders = createOrderRecords(db, clock)
    const postponements = createPostponementRecords(db, clock)
    const market = createMarketRecords(db)
    const queries = createJournalQueries(db, clock, {
      ...intents,
      ...sends,
      ...approvals,
      ...orders,
    })
    const locks = new Set<SenderLock>()
    return {
      ...intents,
      ...sends,
      ...approvals,
      ...orders,
      ...postponements,
      ...market,
      ...queries,
      path: dbPath,
      schemaVersion,
      pragmas: () => readPragmas(db),
      acquireSenderLock(chainId, address, ownerId, ttlMs) {
        const lock = acquireSenderLock({ db, dbPath, clock }, chainId, address, ownerId, ttlMs)
        const release = lock.release
        const tracked: SenderLock = {
          ...lock,
          release() {
            locks.delete(tracked)
            release()
          },
        }
        locks.add(tracked)
        return tracked
      },
      close() {
        if (!db.open) return
        try {
          for (const lock of [...locks]) lock.release()
        } finally {
          db.close()
        }
      },
    }
  } catch (error) {
    db.close()
    throw error
  }
}

function readPragmas(db: Database.Database): ReturnType<Journal['pragmas']> {
  return {
    journalMode: String(db.pragma('journal_mode', { simple: true })).toLowerCase(),
    synchronous: Number(db.pragma('synchronous', { simple: true })),
    foreignKeys: Number(db.pragma('foreign_keys', { simple: true })) === 1,
  }
}
