/**
 * The fixtures of the cluster chaos test (clusterChaos.test.ts): its timing bounds, its wallet, and
 * what it reads from the instances' events (orders created, takeovers).
 */
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type ClusterInstance, leaseEvents } from '../../helpers/startFerryCluster.ts'

/** The lease TTL of the chaos config, ms, and its strategy's tick interval (writeDevnetLiveConfig). */
export const LEASE_TTL_MS = 3_000
export const TICK_MS = 1_000
/** Orders each phase waits for before its fault, so every fault lands mid-run. */
export const ORDERS_PER_PHASE = 2
/** The bound every failover is held to: the TTL, one tick, and a second of slack. */
export const FAILOVER_BOUND_MS = LEASE_TTL_MS + TICK_MS + 1_000

export const user = devnetEvmAccount('user')

/**
 * Distinct orders created so far, by the instances' `created` events: an order a taker resumed
 * may be told by two instances.
 */
export const created = (instances: readonly ClusterInstance[]): number =>
  new Set(
    instances
      .flatMap((i) => i.events)
      .filter((e) => e.type === 'created')
      .map((e) => e.orderId),
  ).size

/** The first lease acquired by an instance other than `not`, at or after `sinceMs`. */
export function takeoverAtMs(
  instances: readonly ClusterInstance[],
  not: ClusterInstance,
  sinceMs: number,
) {
  const times = instances
    .filter((i) => i !== not)
    .flatMap((i) => leaseEvents(i))
    .filter((e) => e.change === 'acquired' && (e.atMs as number) >= sinceMs)
    .map((e) => e.atMs as number)
  return times.length > 0 ? Math.min(...times) : undefined
}
