/** The per-connection settings of a PostgreSQL journal pool (startup parameters of `pg`). */
export type PgSessionSettings = {
  keepAlive: true
  keepAliveInitialDelayMillis: number
  statement_timeout?: number
  lock_timeout?: number
  idle_in_transaction_session_timeout?: number
  /** The server's own TCP keepalives on this session (`-c tcp_keepalives_*`), seconds. */
  options?: string
}

/** Keepalive idle time of a pool opened without a lease TTL, ms. */
const DEFAULT_KEEPALIVE_MS = 10_000

/**
 * The session settings that bound how long one ferry process can hold anything another waits on
 * (docs/architecture.md §5, "what bounds a failover"). Every connection gets TCP keepalives, so a
 * peer that vanished is noticed. With the cluster's lease TTL `leaseTtlMs` the server also cuts,
 * per session:
 * - a wait for a lock at a quarter of the TTL (`lock_timeout`): a lease statement or a fenced
 *   insert never queues behind a frozen holder for long;
 * - a statement at half the TTL (`statement_timeout`): a fenced insert holds the lease row only
 *   while its one statement runs, so at most this long;
 * - a transaction left idle by its client (paused, partitioned) at half the TTL
 *   (`idle_in_transaction_session_timeout`): nothing it locked outlives its lease;
 * - its own TCP keepalives: idle a TTL, then 3 probes a quarter TTL apart.
 * Migrations run with these off (`openPgJournal`): a schema change may take longer.
 */
export function pgSessionSettings(leaseTtlMs?: number): PgSessionSettings {
  if (leaseTtlMs === undefined) {
    return { keepAlive: true, keepAliveInitialDelayMillis: DEFAULT_KEEPALIVE_MS }
  }
  const quarterMs = Math.max(1, Math.floor(leaseTtlMs / 4))
  const halfMs = Math.max(1, Math.floor(leaseTtlMs / 2))
  const idleS = Math.max(1, Math.ceil(leaseTtlMs / 1000))
  const intervalS = Math.max(1, Math.ceil(quarterMs / 1000))
  return {
    keepAlive: true,
    keepAliveInitialDelayMillis: leaseTtlMs,
    lock_timeout: quarterMs,
    statement_timeout: halfMs,
    idle_in_transaction_session_timeout: halfMs,
    options: `-c tcp_keepalives_idle=${idleS} -c tcp_keepalives_interval=${intervalS} -c tcp_keepalives_count=3`,
  }
}
