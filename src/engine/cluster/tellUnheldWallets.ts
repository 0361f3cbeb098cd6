import type { ClusterEvent } from '../../observe/clusterEvents.ts'
import { claimClusterAlert } from '../../store/cluster/claimClusterAlert.ts'
import type { PgJournalStore } from '../../store/pg/openPgJournal.ts'
import type { LeaseState } from './decideLeaseTurn.ts'
import { type WalletGroup, walletKeyOf } from './groupWallets.ts'

/** Default window of a cluster-level alert, ms: the alerts' own default rate limit. */
export const DEFAULT_CLUSTER_ALERT_WINDOW_MS = 60_000

/**
 * Tells `walletUnheld` for each wallet of the orphaned groups, once per cluster and window: every
 * live instance sees the same orphan, and only the one that claims it in the database
 * (`claimClusterAlert`) tells it. A claim the database cannot take is told all the same: a
 * doubled alert beats a lost one.
 */
export async function tellUnheldWallets(params: {
  store: PgJournalStore
  instance: string
  orphaned: readonly WalletGroup[]
  leases: ReadonlyMap<string, LeaseState>
  dbNowMs: number
  windowMs: number
  emit: (event: ClusterEvent) => void
}): Promise<void> {
  for (const group of params.orphaned) {
    for (const w of group.wallets) {
      const key = walletKeyOf(w)
      const claim = {
        kind: 'walletUnheld',
        key,
        windowMs: params.windowMs,
        instance: params.instance,
      }
      const won = await claimClusterAlert(params.store, claim).catch(() => true)
      if (!won) continue
      const unheldMs = params.dbNowMs - (params.leases.get(key)?.expiresAtMs ?? params.dbNowMs)
      params.emit({ type: 'walletUnheld', chainId: w.chainId, wallet: w.address, unheldMs })
    }
  }
}
