import type { Alert } from './alertTypes.ts'
import type { ClusterEvent } from './clusterEvents.ts'

/**
 * The `walletUnheld` alert: a wallet of the shared journal has had no live holder for longer
 * than the lease TTL, so its strategies run nowhere (docs/architecture.md §5). Critical: a
 * rebalance or a sweep is not happening.
 */
export function walletUnheldAlert(
  event: Extract<ClusterEvent, { type: 'walletUnheld' }>,
  nowMs: number,
): Alert {
  return {
    kind: 'walletUnheld',
    severity: 'critical',
    title: `A wallet on chain ${event.chainId} has no ferry instance holding it`,
    text: [
      `wallet ${event.wallet}: no live lease for ${Math.round(event.unheldMs / 1000)} s`,
      'its strategies are not running anywhere in the cluster',
      'check `ferry cluster status`; start an instance, or see why the live ones cannot take it',
    ],
    labels: { chain: String(event.chainId) },
    atMs: nowMs,
  }
}
