import { sql } from 'kysely'
import type { PgJournalStore } from '../pg/openPgJournal.ts'

/** One cluster-level alert as instances claim it: its kind, what it is about, its window. */
export type ClusterAlertClaim = {
  kind: string
  /** What the alert is about (a wallet, say): one claim per kind, key and window. */
  key: string
  /** The alert's window, ms: windows start at multiples of it by the database's clock. */
  windowMs: number
  /** The claiming instance's id. */
  instance: string
}

/**
 * Claims a cluster-level alert (one every instance would see, such as a wallet without a holder)
 * for the current window, so the cluster sends it once, not once per instance
 * (docs/architecture.md §5). Returns whether this instance won the claim and should send it.
 * Claims older than a day are dropped on the way.
 */
export async function claimClusterAlert(
  store: Pick<PgJournalStore, 'db'>,
  claim: ClusterAlertClaim,
): Promise<boolean> {
  const windowMs = Math.max(1, Math.floor(claim.windowMs))
  const { rows } = await sql<{ instance: string }>`
    WITH pruned AS (
      DELETE FROM cluster_alerts
      WHERE window_start_ms < (extract(epoch from clock_timestamp()) * 1000)::bigint - 86400000
    )
    INSERT INTO cluster_alerts (kind, key, window_start_ms, instance)
    VALUES (${claim.kind}, ${claim.key},
      floor(extract(epoch from clock_timestamp()) * 1000 / ${windowMs})::bigint * ${windowMs},
      ${claim.instance})
    ON CONFLICT DO NOTHING
    RETURNING instance`.execute(store.db)
  return rows.length > 0
}
