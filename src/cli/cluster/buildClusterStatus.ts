import type { ClusterView } from '../../store/cluster/readClusterInstances.ts'
import type { WalletLeaseRow } from '../../store/cluster/readWalletLeases.ts'

/** `ferry cluster status`: the cluster as the shared journal sees it, by the database's clock. */
export type ClusterStatus = {
  /** The database's time the figures are taken at, ms since the epoch. */
  dbNowMs: number
  instances: {
    id: string
    host: string
    pid: number
    alive: boolean
    /** Since its last heartbeat, ms. */
    lagMs: number
    startedAtMs: number
    leaseTtlMs: number
    /** Wallet leases it holds live now. */
    wallets: number
  }[]
  leases: {
    chainId: number
    wallet: string
    holder: string
    token: number
    /** `held`: live; `free`: expired or released, waiting for a taker. */
    state: 'held' | 'free'
    expiresAtMs: number
    /** Until expiry (negative: since), ms. */
    expiresInMs: number
    /** The holder's own heartbeat is live. */
    holderAlive: boolean
  }[]
}

/** Builds the status from the instance rows and the lease rows. Pure. */
export function buildClusterStatus(
  view: ClusterView,
  leases: readonly WalletLeaseRow[],
): ClusterStatus {
  const alive = new Set(view.instances.filter((i) => i.alive).map((i) => i.id))
  const held = leases.filter((l) => l.expiresAtMs > view.dbNowMs)
  return {
    dbNowMs: view.dbNowMs,
    instances: view.instances.map((i) => ({
      id: i.id,
      host: i.host,
      pid: i.pid,
      alive: i.alive,
      lagMs: view.dbNowMs - i.seenAtMs,
      startedAtMs: i.startedAtMs,
      leaseTtlMs: i.leaseTtlMs,
      wallets: held.filter((l) => l.holder === i.id).length,
    })),
    leases: leases.map((l) => ({
      chainId: l.chainId,
      wallet: l.address,
      holder: l.holder,
      token: l.token,
      state: l.expiresAtMs > view.dbNowMs ? 'held' : 'free',
      expiresAtMs: l.expiresAtMs,
      expiresInMs: l.expiresAtMs - view.dbNowMs,
      holderAlive: alive.has(l.holder),
    })),
  }
}
