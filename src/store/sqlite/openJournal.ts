import { accessSync, constants, existsSync, mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { type Clock, systemClock } from '../../common/clock.ts'
import { JournalError } from '../contract/JournalError.ts'
import { acquireSenderLock, type SenderLock } from './acquireSenderLock.ts'
import { checkReadableJournal } from './checkReadableJournal.ts'
import { type ApprovalRecords, createApprovalRecords } from './createApprovalRecords.ts'
import { createDryRunQueries, type DryRunQueries } from './createDryRunQueries.ts'
import { createIntentRecords, type IntentRecords } from './createIntentRecords.ts'
import { createJournalQueries, type JournalQueries } from './createJournalQueries.ts'
import { createMarketRecords, type MarketRecords } from './createMarketRecords.ts'
import { createOrderRecords, type OrderRecords } from './createOrderRecords.ts'
import { createPostponementRecords, type PostponementRecords } from './createPostponementRecords.ts'
import { createSendRecords, type SendRecords } from './createSendRecords.ts'
import { createWriteBatch, DEFAULT_BATCH_HOLD_MS } from './createWriteBatch.ts'
import { groupWrites } from './groupWrites.ts'
import { JournalFileError } from './JournalFileError.ts'
import { migrateJournal } from './migrateJournal.ts'
import { openReadonlyDatabase } from './openReadonlyDatabase.ts'
import { setWalMode } from './setWalMode.ts'
import { JOURNAL_WRITE_FIX, toJournalFileError } from './toJournalFileError.ts'

/** Options of {@link openJournal}. */
export type OpenJournalOptions = {
  /** Time source of every `*Ms` the journal writes. Default the system clock. */
  clock?: Clock
  /** How long a write waits for another process's write transaction, ms. Default 5 000. */
  busyTimeoutMs?: number
  /**
   * Open to read only (SQLite's read-only flag): nothing is created, migrated or written, so a
   * user without write access, or a read-only mount, can read. The file must exist and be a
   * journal of this ferry's schema. Default false.
   */
  readonly?: boolean
  /**
   * Create the journal's folder when it is missing. Default false: a new journal is created only
   * in a folder that exists, so a mistyped path is refused rather than starting an empty journal.
   */
  createFolder?: boolean
  /**
   * Longest a batch of grouped writes ({@link Journal.withinBatch}) holds the write lock before it
   * commits on its own, ms. Default {@link DEFAULT_BATCH_HOLD_MS}.
   */
  batchHoldMs?: number
}

/**
 * ferry's journal: intents, quotes, approvals, signed attempts, orders, hook steps, observations,
 * the market each tick saw (for replay) and sender locks, in one SQLite database. Outside
 * {@link Journal.withinBatch} every write is one committed transaction: when a method returns, its
 * record is on disk. Inside it, writes are grouped into one commit, but a signed attempt (P-2.1)
 * and a sender lock always commit the group and themselves before they return. It stores no keys:
 * raw signed transactions are public data.
 */
export type Journal = IntentRecords &
  SendRecords &
  ApprovalRecords &
  OrderRecords &
  PostponementRecords &
  MarketRecords &
  JournalQueries &
  DryRunQueries & {
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
    /**
     * Runs `work` with the journal's writes grouped into one transaction, committed once when it
     * ends (docs/operations.md §8.1): the engine's tick. A write that precedes an external effect
     * (`recordSignedAttempt`, a sender lock) commits the group first; a crash loses at most the
     * grouped writes not yet committed, none of which preceded a send.
     */
    withinBatch<T>(work: () => Promise<T>): Promise<T>
    /** Commits the grouped writes now; a no-op outside a batch. */
    flush(): void
    /** Commits grouped writes, releases this journal's sender locks, closes the database. Idempotent. */
    close(): void
  }

/** SQLite's `synchronous` value for FULL: fsync of the WAL at every commit. */
const SYNCHRONOUS_FULL = 2

/**
 * Opens the journal at `path`, creating it when missing if its folder exists (or with
 * `createFolder`): WAL mode with `synchronous=FULL`, both read back and asserted because a journal
 * that silently runs with weaker durability would break the write-ahead promise (P-2.1); then
 * migrates the schema (`user_version`) and prepares every statement once. With `readonly` it
 * only reads: the file must exist with this build's schema.
 * @throws JournalFileError naming the path and the fix when the file cannot be used: missing,
 *   not readable or writable, not a journal, damaged, of another version (exit 2).
 * @throws JournalError when the pragmas do not hold (e.g. `:memory:` cannot use WAL).
 */
export function openJournal(path: string, options: OpenJournalOptions = {}): Journal {
  const clock = options.clock ?? systemClock
  const readonly = options.readonly === true
  // In-memory and temporary databases pass through, so the WAL assertion refuses them below.
  const onDisk = path !== '' && path !== ':memory:'
  const dbPath = onDisk ? resolve(path) : path
  if (onDisk) prepareFile(dbPath, readonly, options.createFolder === true)
  const timeoutMs = options.busyTimeoutMs ?? 5_000
  let db: Database.Database
  let cleanup = (): void => {}
  try {
    if (readonly) ({ db, cleanup } = openReadonlyDatabase(dbPath, timeoutMs))
    else db = new Database(dbPath, { timeout: timeoutMs })
  } catch (error) {
    throw toJournalFileError(error, dbPath, readonly)
  }
  try {
    return readonly
      ? bindJournal(db, dbPath, clock, checkReadableJournal(db, dbPath), cleanup)
      : openWritable(options.batchHoldMs ?? DEFAULT_BATCH_HOLD_MS)
  } catch (error) {
    db.close()
    cleanup()
    throw toJournalFileError(error, dbPath, readonly)
  }

  function openWritable(batchHoldMs: number): Journal {
    setWalMode(db, timeoutMs)
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
    return bindJournal(db, dbPath, clock, migrateJournal(db), undefined, batchHoldMs)
  }
}

/**
 * Refuses, before SQLite creates anything, a path that cannot be what the user meant: a missing
 * file when reading, a missing folder when writing (unless `createFolder`).
 */
function prepareFile(dbPath: string, readonly: boolean, createFolder: boolean): void {
  if (existsSync(dbPath)) {
    // SQLite would open a file it cannot write read-only without a word, and fail at the first
    // write, in the middle of a run: refused here instead. The folder takes the -wal, the -shm and
    // the sender lock files.
    if (!readonly) {
      for (const path of [dbPath, dirname(dbPath)]) {
        try {
          accessSync(path, constants.W_OK)
        } catch (error) {
          const what = path === dbPath ? '' : ` (its folder ${path})`
          throw new JournalFileError(
            dbPath,
            `is not writable by this user${what}`,
            JOURNAL_WRITE_FIX,
            { cause: error },
          )
        }
      }
    }
    return
  }
  if (readonly) {
    throw new JournalFileError(
      dbPath,
      'does not exist',
      'pass --journal <path> or set FERRY_JOURNAL to the file `ferry run` writes (default ferry.journal.sqlite next to the config file)',
    )
  }
  const folder = dirname(dbPath)
  if (existsSync(folder)) return
  if (!createFolder) {
    throw new JournalFileError(
      dbPath,
      `its folder ${folder} does not exist`,
      'check the path for a typo; to start a new journal there, add --create',
    )
  }
  mkdirSync(folder, { recursive: true })
}

/** Prepares every statement of the journal on `db` and binds them into a {@link Journal}. */
function bindJournal(
  db: Database.Database,
  dbPath: string,
  clock: Clock,
  schemaVersion: number,
  cleanup: () => void = () => {},
  batchHoldMs = DEFAULT_BATCH_HOLD_MS,
): Journal {
  const batch = createWriteBatch(db, batchHoldMs)
  const intents = groupWrites(createIntentRecords(db, clock), batch, [
    'recordIntent',
    'setIntentState',
    'recordQuote',
    'recordObservation',
  ])
  const sends = groupWrites(createSendRecords(db, clock, batch), batch, ['setAttemptState'])
  const approvals = groupWrites(createApprovalRecords(db, clock), batch, [
    'recordApproval',
    'setApprovalState',
  ])
  const orders = groupWrites(createOrderRecords(db, clock), batch, [
    'recordOrder',
    'setOrderState',
    'recordOrderFill',
    'recordHookStep',
  ])
  const postponements = groupWrites(createPostponementRecords(db, clock), batch, [
    'recordPostponement',
  ])
  const market = groupWrites(createMarketRecords(db), batch, [
    'recordTick',
    'recordMarketQuotes',
    'pruneMarket',
  ])
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
    ...createDryRunQueries(db),
    path: dbPath,
    schemaVersion,
    pragmas: () => readPragmas(db),
    withinBatch: (work) => batch.within(work),
    flush: () => batch.flush(),
    // Another process reads the lock rows: they are committed at once, never grouped.
    acquireSenderLock(chainId, address, ownerId, ttlMs) {
      batch.flush()
      const lock = acquireSenderLock({ db, dbPath, clock }, chainId, address, ownerId, ttlMs)
      const { release, heartbeat } = lock
      const tracked: SenderLock = {
        ...lock,
        heartbeat() {
          batch.flush()
          heartbeat()
        },
        release() {
          locks.delete(tracked)
          batch.flush()
          release()
        },
      }
      locks.add(tracked)
      return tracked
    },
    close() {
      if (!db.open) return
      try {
        batch.flush()
        for (const lock of [...locks]) lock.release()
      } finally {
        db.close()
        cleanup()
      }
    },
  }
}

function readPragmas(db: Database.Database): ReturnType<Journal['pragmas']> {
  return {
    journalMode: String(db.pragma('journal_mode', { simple: true })).toLowerCase(),
    synchronous: Number(db.pragma('synchronous', { simple: true })),
    foreignKeys: Number(db.pragma('foreign_keys', { simple: true })) === 1,
  }
}
