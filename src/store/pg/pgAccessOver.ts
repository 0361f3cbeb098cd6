import type { Kysely } from 'kysely'
import type { PgAccess } from './PgAccess.ts'
import type { PgJournalTables } from './PgJournalTables.ts'

/**
 * Every access on one executor as it is: a transaction a caller already holds (a snapshot that
 * gathers several records), where nothing opens a transaction or a batch again.
 */
export function pgAccessOver(ex: Kysely<PgJournalTables>): PgAccess {
  return {
    read: (query) => query(ex),
    snapshot: (reads) => reads(ex),
    write: (work) => work(ex),
    atomic: (work) => work(ex),
    committed: (reads) => reads(ex),
  }
}
