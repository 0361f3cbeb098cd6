import { sql } from 'kysely'
import type { PgJournalStore } from '../pg/openPgJournal.ts'

/**
 * Removes a cleanly stopping process from the cluster at once: its row goes, so the others stop
 * counting it alive (and assigning it wallets) now rather than a TTL later.
 */
export async function leaveClusterInstance(store: PgJournalStore, id: string): Promise<void> {
  await sql`DELETE FROM cluster_instances WHERE id = ${id}`.execute(store.db)
}
