import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type Database from 'better-sqlite3'
import { checkReadableJournal } from '../sqlite/checkReadableJournal.ts'
import { isProcessAlive } from '../sqlite/isProcessAlive.ts'
import { JournalFileError } from '../sqlite/JournalFileError.ts'
import { openReadonlyDatabase, type ReadonlyDatabase } from '../sqlite/openReadonlyDatabase.ts'
import { toJournalFileError } from '../sqlite/toJournalFileError.ts'

/** A SQLite journal opened to be copied: read-only, this build's schema, no live writer. */
export type JournalSource = {
  db: Database.Database
  /** Absolute path of the file. */
  path: string
  schemaVersion: number
  /** Closes the connection (and removes a private copy, if one was read). Idempotent. */
  close(): void
}

type LockRow = { chain_id: number; address: string; pid: number }

/** How long opening waits for a writer's lock, ms. */
const BUSY_TIMEOUT_MS = 5_000

/**
 * Opens the SQLite journal at `path` read-only for `ferry journal migrate`: it must exist, be a
 * ferry journal of exactly this build's schema (an older one is upgraded by `ferry run` first,
 * a newer one is refused), and no live process may hold one of its sender locks, since a run
 * that still writes would leave its last rows behind.
 * @throws JournalFileError naming the path and the fix (exit 2).
 */
export function openJournalSource(path: string): JournalSource {
  const dbPath = resolve(path)
  if (!existsSync(dbPath)) {
    throw new JournalFileError(
      dbPath,
      'does not exist',
      'pass --from <path> or set FERRY_JOURNAL to the SQLite journal to copy (default ferry.journal.sqlite next to --config)',
    )
  }
  let opened: ReadonlyDatabase
  try {
    opened = openReadonlyDatabase(dbPath, BUSY_TIMEOUT_MS)
  } catch (error) {
    throw toJournalFileError(error, dbPath, true)
  }
  const { db, cleanup } = opened
  const close = (): void => {
    if (!db.open) return
    db.close()
    cleanup()
  }
  try {
    const schemaVersion = checkReadableJournal(db, dbPath)
    refuseLiveWriter(db, dbPath)
    return { db, path: dbPath, schemaVersion, close }
  } catch (error) {
    close()
    throw toJournalFileError(error, dbPath, true)
  }
}

/** Refuses a journal whose sender lock a live process holds (a `ferry run`, dry or live). */
function refuseLiveWriter(db: Database.Database, dbPath: string): void {
  const locks = db
    .prepare<[], LockRow>('SELECT chain_id, address, pid FROM sender_locks ORDER BY pid')
    .all()
  // A dead pid's row is what a crash leaves: nobody writes through it any more.
  const live = locks.find((lock) => isProcessAlive(lock.pid))
  if (live === undefined) return
  throw new JournalFileError(
    dbPath,
    `is in use: process ${live.pid} holds the sender lock of ${live.address} on chain ${live.chain_id}`,
    'stop that ferry run (SIGTERM) and migrate once it has exited, so none of its writes stays behind',
  )
}
