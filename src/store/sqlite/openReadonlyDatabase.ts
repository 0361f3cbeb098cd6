import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { JournalFileError } from './JournalFileError.ts'

/** A read-only connection and what to do once it is closed. */
export type ReadonlyDatabase = { db: Database.Database; cleanup(): void }

/**
 * Opens `dbPath` with SQLite's read-only flag. A WAL database can be read that way only if its
 * `-shm` file exists or can be created next to it; in a folder this user cannot write (a read-only
 * mount) with no `-shm` there, SQLite refuses. No `-shm` means no connection has the journal open,
 * so nothing is writing it: the file (and its `-wal`, if one is left) is then copied to a
 * private temporary folder and read there; {@link ReadonlyDatabase.cleanup} removes the copy.
 * better-sqlite3 is built without URI filenames, so SQLite's `immutable=1` is not available.
 */
export function openReadonlyDatabase(dbPath: string, timeoutMs: number): ReadonlyDatabase {
  const open = (path: string): Database.Database => {
    const db = new Database(path, { readonly: true, fileMustExist: true, timeout: timeoutMs })
    try {
      // The first read: it is here that SQLite needs the -shm, or finds a file not a database.
      db.pragma('user_version', { simple: true })
      return db
    } catch (error) {
      db.close()
      throw error
    }
  }
  try {
    return { db: open(dbPath), cleanup: () => {} }
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? '')
    const needsShm = code === 'SQLITE_READONLY_DIRECTORY' || code.startsWith('SQLITE_CANTOPEN')
    if (!needsShm || existsSync(`${dbPath}-shm`)) throw error
  }
  const folder = mkdtempSync(join(tmpdir(), 'ferry-journal-read-'))
  const cleanup = (): void => rmSync(folder, { recursive: true, force: true })
  try {
    const copy = join(folder, 'journal.sqlite')
    copyFileSync(dbPath, copy)
    if (existsSync(`${dbPath}-wal`)) copyFileSync(`${dbPath}-wal`, `${copy}-wal`)
    return { db: open(copy), cleanup }
  } catch (error) {
    cleanup()
    if ((error as NodeJS.ErrnoException).code === 'EACCES') {
      throw new JournalFileError(
        dbPath,
        'is not readable by this user',
        'give this user read access to the file and its folder, or pass --journal <path> of a journal it can read',
        { cause: error },
      )
    }
    throw error
  }
}
