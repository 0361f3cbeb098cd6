import type { Kysely } from 'kysely'
import type { PgJournalTables } from './PgJournalTables.ts'

type Db = Kysely<PgJournalTables>

/**
 * How the PostgreSQL journal's methods reach the database: on the pool, or through the open
 * write batch's transaction (`createPgWriteBatch`), so that a read after a grouped write sees it.
 * `work` runs on the executor it is given and never calls back into the access (it would wait
 * for itself).
 */
export type PgAccess = {
  /** A read: through the open batch's transaction when there is one, else on the pool. */
  read<T>(query: (ex: Db) => Promise<T>): Promise<T>
  /** Reads that must agree: one repeatable-read snapshot, or the open batch's transaction. */
  snapshot<T>(reads: (ex: Db) => Promise<T>): Promise<T>
  /** A write of one statement (or of statements that need no transaction): grouped in a scope. */
  write<T>(work: (ex: Db) => Promise<T>): Promise<T>
  /** A write whose statements apply together: its own transaction, or a savepoint of the batch. */
  atomic<T>(work: (ex: Db) => Promise<T>): Promise<T>
  /**
   * Reads of committed rows only, in one repeatable-read snapshot on the pool: the batch's
   * pending writes are committed first, so they are among them.
   */
  committed<T>(reads: (ex: Db) => Promise<T>): Promise<T>
}
