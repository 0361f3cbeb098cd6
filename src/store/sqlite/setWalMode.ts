import type Database from 'better-sqlite3'

/**
 * Switches to WAL, waiting out another process's lock up to `timeoutMs`. The switch upgrades a
 * read lock to an exclusive one, and SQLite answers SQLITE_BUSY at once, without its busy handler,
 * when another process holds a write lock meanwhile (it would otherwise deadlock): processes that
 * open a fresh journal together (one migrating) hit that case. Blocking waits, as the open is.
 */
export function setWalMode(db: Database.Database, timeoutMs: number): void {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      db.pragma('journal_mode = WAL')
      return
    } catch (error) {
      const busy = (error as { code?: string }).code === 'SQLITE_BUSY'
      if (!busy || Date.now() >= deadline) throw error
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25)
    }
  }
}
