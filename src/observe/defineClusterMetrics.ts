import { Counter, Gauge, type Registry } from 'prom-client'
import type { EngineEvent } from './engineEvents.ts'

/** The cluster's instruments and how a cluster event moves them. */
export type ClusterMetrics = { count(event: EngineEvent): void }

/**
 * The lease metrics of a process on a shared journal (docs/architecture.md §5), on `registry`.
 * `wallet` is an address, an exception to the no-address rule of defineFerryMetrics: the wallets
 * are the config's own (its keys on its chains), a handful, so the series stay bounded.
 * On the SQLite journal they stay at zero.
 */
export function defineClusterMetrics(registry: Registry): ClusterMetrics {
  const registers = [registry]
  const held = new Gauge({
    name: 'ferry_wallet_lease_held',
    help: 'Whether this instance holds the wallet’s lease (1) or not (0), by chain and wallet.',
    labelNames: ['chain', 'wallet'] as const,
    registers,
  })
  const changes = new Counter({
    name: 'ferry_wallet_lease_changes_total',
    help: 'Lease changes seen by this instance, by chain, wallet and change (acquired, lost, released).',
    labelNames: ['chain', 'wallet', 'change'] as const,
    registers,
  })
  const token = new Gauge({
    name: 'ferry_wallet_lease_token',
    help: 'The fencing token of the wallet’s lease this instance last held, by chain and wallet.',
    labelNames: ['chain', 'wallet'] as const,
    registers,
  })
  const instances = new Gauge({
    name: 'ferry_cluster_instances',
    help: 'Live instances on the shared journal as this instance last saw them (0 on SQLite).',
    registers,
  })
  return {
    count(event) {
      if (event.type === 'clusterView') {
        instances.set(event.liveInstances)
        return
      }
      if (event.type !== 'lease') return
      const labels = { chain: String(event.chainId), wallet: event.wallet }
      changes.inc({ ...labels, change: event.change })
      // A lapse stops sends until a renewal, but the lease may still be this instance's.
      if (event.change !== 'lapsed') held.set(labels, event.change === 'acquired' ? 1 : 0)
      if (event.change === 'acquired') token.set(labels, event.token)
    },
  }
}
