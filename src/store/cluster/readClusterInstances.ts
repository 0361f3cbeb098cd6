import { type Kysely, sql } from 'kysely'
import type { PgJournalTables } from '../pg/PgJournalTables.ts'

/** One ferry process of a cluster as the shared journal knows it; times by the database clock. */
export type ClusterInstance = {
  id: string
  host: string
  pid: number
  startedAtMs: number
  /** Its last heartbeat, ms since the epoch. */
  seenAtMs: number
  leaseTtlMs: number
  /** Its last beat is younger than its lease TTL. */
  alive: boolean
}

/** What a member sees: the database's time and every instance row, each with its liveness. */
export type ClusterView = { dbNowMs: number; instances: ClusterInstance[] }

/** Instances whose last beat is older than this are forgotten by {@link readClusterInstances}. */
const FORGET_AFTER = "interval '1 day'"

/**
 * Every instance that beat within the last day, alive or not, oldest start first, with the
 * database's own time so callers compare expiries on one clock.
 */
export async function readClusterInstances(db: Kysely<PgJournalTables>): Promise<ClusterView> {
  const { rows } = await sql<{
    id: string
    host: string
    pid: number
    started_at_ms: number
    seen_at_ms: number
    lease_ttl_ms: number
    alive: boolean
    db_now_ms: number
  }>`
    SELECT id, host, pid, lease_ttl_ms,
      (extract(epoch from started_at) * 1000)::bigint AS started_at_ms,
      (extract(epoch from seen_at) * 1000)::bigint AS seen_at_ms,
      seen_at + make_interval(secs => lease_ttl_ms::double precision / 1000) > now() AS alive,
      (extract(epoch from now()) * 1000)::bigint AS db_now_ms
    FROM cluster_instances
    WHERE seen_at > now() - ${sql.raw(FORGET_AFTER)}
    ORDER BY started_at, id`.execute(db)
  const dbNowMs =
    rows[0]?.db_now_ms ??
    (await sql<{ ms: number }>`SELECT (extract(epoch from now()) * 1000)::bigint AS ms`.execute(db))
      .rows[0]!.ms
  return {
    dbNowMs,
    instances: rows.map((r) => ({
      id: r.id,
      host: r.host,
      pid: r.pid,
      startedAtMs: r.started_at_ms,
      seenAtMs: r.seen_at_ms,
      leaseTtlMs: r.lease_ttl_ms,
      alive: r.alive,
    })),
  }
}
