import { AsyncLocalStorage } from 'node:async_hooks'
import { type ControlledTransaction, type Kysely, sql } from 'kysely'
import { DEFAULT_BATCH_HOLD_MS } from '../sqlite/createWriteBatch.ts'
import type { PgAccess } from './PgAccess.ts'
import type { PgJournalTables } from './PgJournalTables.ts'

type Db = Kysely<PgJournalTables>

/**
 * The PostgreSQL journal's write batch (docs/operations.md §8.1), as `createWriteBatch` on SQLite:
 * while a scope is active, the first write takes one pooled connection and opens a transaction,
 * the later writes join it, and every read goes through it too (it sees the group's rows). The
 * scope's end, a write-ahead insert, `close` or the hold bound commit it; outside a scope every
 * write commits alone. It is also how the journal's methods reach the database ({@link PgAccess}).
 */
export type PgWriteBatch = PgAccess & {
  /**
   * Runs `work` with the journal's writes grouped; the pending writes are committed when the
   * outermost scope ends, whether `work` resolves or throws. Scopes nest.
   */
  within<T>(work: () => Promise<T>): Promise<T>
  /**
   * Commits the pending writes now (resolves at once when none are pending). The write-ahead
   * insert awaits it first, so nothing reaches an RPC before the rows before it are durable.
   * @throws the error of a commit the hold bound attempted and that failed, or of a write whose
   *   failure lost the group (the connection died): the grouped writes are not in the journal.
   */
  flush(): Promise<void>
}

/**
 * The write batch of one PostgreSQL journal. `maxHoldMs` (default {@link DEFAULT_BATCH_HOLD_MS})
 * bounds how long an open batch holds its connection and its row locks across awaits: another
 * ferry process writing the same rows waits at most that long, and a crash loses at most that
 * much of grouped writes.
 */
export function createPgWriteBatch(db: Db, maxHoldMs = DEFAULT_BATCH_HOLD_MS): PgWriteBatch {
  let scopes = 0
  let trx: ControlledTransaction<PgJournalTables> | undefined
  let timer: NodeJS.Timeout | undefined
  // A commit the timer attempted, or a group a dead connection lost: thrown to the next caller.
  let failure: unknown
  let queue: Promise<unknown> = Promise.resolve()

  // One statement at a time on the batch's connection: savepoints must never interleave.
  // Marks the calls made from inside an exclusive task: a method whose work calls the journal
  // again (a state rule read inside its write) runs at once, not behind itself in the queue.
  const inside = new AsyncLocalStorage<true>()

  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    if (inside.getStore()) return task()
    const guarded = () => inside.run(true, task)
    const run = queue.then(guarded, guarded)
    queue = run.catch(() => {})
    return run
  }

  /**
   * Throws the recorded failure. Writes and reads keep throwing it; a flush (the scope's end, the
   * write-ahead insert) throws it once and clears it, so the group's loss reaches whoever would
   * otherwise take the group as committed.
   */
  function throwFailure(clear: boolean): void {
    if (failure === undefined) return
    const error = failure
    if (clear) failure = undefined
    throw error
  }

  async function commit(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    const open = trx
    trx = undefined
    if (open === undefined) return
    try {
      await open.commit().execute()
    } catch (error) {
      // Kysely keeps the connection of a commit that failed otherwise than by an aborted
      // transaction: the rollback gives it back to the pool.
      await open
        .rollback()
        .execute()
        .catch(() => {})
      throw error
    }
  }

  const flush = () =>
    exclusive(async () => {
      throwFailure(true)
      await commit()
    })

  /**
   * The open transaction is gone (its connection died, or it cannot return to a savepoint): its
   * grouped writes are not in the journal, whatever their calls returned. Recorded, so that no
   * later flush reports the group committed (PostgreSQL answers COMMIT of an aborted
   * transaction with a rollback, not an error).
   */
  async function lose(tx: ControlledTransaction<PgJournalTables>, error: unknown): Promise<void> {
    failure = error
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (trx === tx) trx = undefined
    await tx
      .rollback()
      .execute()
      .catch(() => {})
  }

  /**
   * Runs `work` in the open transaction under a savepoint: a statement that fails (a constraint)
   * would otherwise abort the whole transaction and every grouped write with it.
   */
  async function inTransaction<T>(
    tx: ControlledTransaction<PgJournalTables>,
    work: (ex: Db) => Promise<T>,
  ): Promise<T> {
    try {
      await sql`SAVEPOINT ferry_batch`.execute(tx)
    } catch (error) {
      await lose(tx, error)
      throw error
    }
    let result: T
    try {
      result = await work(tx)
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT ferry_batch`
        .execute(tx)
        .catch((lost: unknown) => lose(tx, lost))
      throw error
    }
    try {
      await sql`RELEASE SAVEPOINT ferry_batch`.execute(tx)
    } catch (error) {
      await lose(tx, error)
      throw error
    }
    return result
  }

  async function begin(): Promise<ControlledTransaction<PgJournalTables>> {
    const started = await db.startTransaction().execute()
    trx = started
    timer = setTimeout(() => {
      timer = undefined
      flush().catch((error: unknown) => {
        failure = error
      })
    }, maxHoldMs)
    // A pending batch never keeps the process alive: `close` commits it.
    timer.unref()
    return started
  }

  /** A write: in the batch inside a scope, else `alone`. */
  function write<T>(work: (ex: Db) => Promise<T>, alone: () => Promise<T>): Promise<T> {
    if (scopes === 0 && trx === undefined && failure === undefined) return alone()
    return exclusive(async () => {
      throwFailure(false)
      // The scope ended while this write waited its turn: the group is committed already.
      if (trx === undefined && scopes === 0) return alone()
      return inTransaction(trx ?? (await begin()), work)
    })
  }

  /** A read: in the batch's transaction when one is open, else `alone`. */
  function read<T>(work: (ex: Db) => Promise<T>, alone: () => Promise<T>): Promise<T> {
    if (trx === undefined && failure === undefined) return alone()
    return exclusive(async () => {
      throwFailure(false)
      return trx === undefined ? alone() : inTransaction(trx, work)
    })
  }

  return {
    async within(work) {
      scopes++
      try {
        return await work()
      } finally {
        scopes--
        if (scopes === 0) await flush()
      }
    },
    flush,
    read: (query) => read(query, () => query(db)),
    snapshot: (reads) =>
      read(reads, () => db.transaction().setIsolationLevel('repeatable read').execute(reads)),
    write: (work) => write(work, () => work(db)),
    atomic: (work) => write(work, () => db.transaction().execute(work)),
    committed: async (reads) => {
      await flush()
      return db.transaction().setIsolationLevel('repeatable read').execute(reads)
    },
  }
}
