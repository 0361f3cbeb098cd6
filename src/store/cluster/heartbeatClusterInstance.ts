import { sql } from 'kysely'
import type { PgJournalStore } from '../pg/openPgJournal.ts'

/** Who beats: one ferry process on a shared journal. */
export type ClusterHeartbeat = {
  /** The process's holder id, the same it acquires wallet leases with. */
  id: string
  host: string
  pid: number
  /** The lease TTL this process runs with, ms: it counts as alive this long after a beat. */
  leaseTtlMs: number
}

/**
 * Marks `beat.id` alive now by the database's clock (registering it on its first beat). An
 * instance is alive while its last beat is younger than its own lease TTL (docs/architecture.md
 * §5). The beat goes on the store's own heartbeat connection (`beatDb`), so it never queues
 * behind a lease statement or a journal write waiting on a lock.
 */
export async function heartbeatClusterInstance(
  store: PgJournalStore,
  beat: ClusterHeartbeat,
): Promise<void> {
  await sql`
    INSERT INTO cluster_instances (id, host, pid, started_at, seen_at, lease_ttl_ms)
    VALUES (${beat.id}, ${beat.host}, ${beat.pid}, clock_timestamp(), clock_timestamp(),
      ${beat.leaseTtlMs})
    ON CONFLICT (id) DO UPDATE SET seen_at = clock_timestamp(),
      lease_ttl_ms = excluded.lease_ttl_ms`.execute(store.beatDb)
}
