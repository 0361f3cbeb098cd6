import { sql } from 'kysely'
import type { PgJournalStore } from './openPgJournal.ts'
import { type ClusterView, readClusterInstances } from './readClusterInstances.ts'

/** Who beats: one ferry process on a shared journal. */
export type ClusterHeartbeat = {
  /** The process's holder id, the same it acquires wallet leases with. */
  id: string
  host: string
  pid: number
  /** The lease TTL this process runs with, ms: it counts as alive this long after a beat. */
  leaseTtlMs: number
}

// Defined beside ClusterInstance, so the reader never imports its caller (no import circle).
export type { ClusterView }

/**
 * Marks `beat.id` alive now by the database's clock (registering it on its first beat), then
 * reads the cluster as the database sees it. An instance is alive while its last beat is younger
 * than its own lease TTL (docs/architecture.md §5), so a paused or dead process drops out of the
 * live set at the same moment its wallet leases can be taken over.
 */
export async function heartbeatClusterInstance(
  store: PgJournalStore,
  beat: ClusterHeartbeat,
): Promise<ClusterView> {
  await sql`
    INSERT INTO cluster_instances (id, host, pid, started_at, seen_at, lease_ttl_ms)
    VALUES (${beat.id}, ${beat.host}, ${beat.pid}, now(), now(), ${beat.leaseTtlMs})
    ON CONFLICT (id) DO UPDATE SET seen_at = now(), lease_ttl_ms = excluded.lease_ttl_ms`.execute(
    store.db,
  )
  return readClusterInstances(store.db)
}
