import type Database from 'better-sqlite3'

/** Default bound on how long an open batch keeps SQLite's write lock, ms. */
export const DEFAULT_BATCH_HOLD_MS = 250

/**
 * Groups the journal's writes into one SQLite transaction, one commit and one fsync
 * (docs/operations.md §8.1). While a scope ({@link WriteBatch.within}) is active, the first write
 * opens `BEGIN IMMEDIATE` and the later ones join it; the scope's end, a write-ahead insert, a
 * sender lock, `close` or the hold bound commit it. Outside a scope every write commits alone.
 */
export type WriteBatch = {
  /**
   * Runs `work` with this connection's writes grouped; the pending writes are committed when the
   * outermost scope ends, whether `work` resolves or throws. Scopes nest.
   */
  within<T>(work: () => Promise<T>): Promise<T>
  /** Called before every groupable write: opens the batch's transaction inside a scope. */
  join(): void
  /**
   * Commits the pending writes now (a no-op when none are pending). Every write that precedes an
   * external effect calls it first, so nothing reaches an RPC before the rows before it.
   * @throws the error of a commit the hold bound attempted and that failed.
   */
  flush(): void
  /** Whether writes are pending in an open transaction of the batch. */
  pending(): boolean
}

/**
 * The write batch of one journal connection. `maxHoldMs` (default {@link DEFAULT_BATCH_HOLD_MS})
 * bounds how long an open batch holds the write lock across awaits: another process writing to
 * the journal (a second `ferry run`, `ferry cancel`) waits at most that long, well inside its busy
 * timeout, and a crash loses at most that much of grouped writes.
 */
export function createWriteBatch(
  db: Database.Database,
  maxHoldMs = DEFAULT_BATCH_HOLD_MS,
): WriteBatch {
  let scopes = 0
  let open = false
  let timer: NodeJS.Timeout | undefined
  // A commit the timer attempted that failed: thrown to the next writer, never swallowed.
  let failure: unknown

  function flush(): void {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (failure !== undefined) {
      const error = failure
      failure = undefined
      throw error
    }
    if (!open) return
    open = false
    // SQLite rolls a transaction back by itself on some errors (a full disk): then the writer
    // that met the error saw it, and nothing is left to commit.
    if (db.inTransaction) db.exec('COMMIT')
  }

  return {
    async within(work) {
      scopes++
      try {
        return await work()
      } finally {
        scopes--
        if (scopes === 0) flush()
      }
    },
    join() {
      if (failure !== undefined) flush()
      // A transaction someone else opened (a synchronous db.transaction) is not the batch's.
      if (scopes === 0 || open || db.inTransaction) return
      db.exec('BEGIN IMMEDIATE')
      open = true
      timer = setTimeout(() => {
        timer = undefined
        try {
          flush()
        } catch (error) {
          failure = error
        }
      }, maxHoldMs)
      // A pending batch never keeps the process alive: `close` commits it.
      timer.unref()
    },
    flush,
    pending: () => open && db.inTransaction,
  }
}
