import { AsyncLocalStorage } from 'node:async_hooks'
import { performance } from 'node:perf_hooks'
import type { ClusterEvent } from '../../observe/clusterEvents.ts'
import {
  claimStrategySlots,
  pruneStrategySlots,
  type StrategySlot,
} from '../../store/cluster/claimStrategySlots.ts'
import { leaveClusterInstance } from '../../store/cluster/leaveClusterInstance.ts'
import { readClusterInstances } from '../../store/cluster/readClusterInstances.ts'
import { readWalletLeases } from '../../store/cluster/readWalletLeases.ts'
import type { WalletLeaseClaim } from '../../store/contract/JournalStore.ts'
import { toWalletKey } from '../../store/contract/toWalletKey.ts'
import type { PgJournalStore } from '../../store/pg/openPgJournal.ts'
import { createHeartbeat } from './createHeartbeat.ts'
import { decideLeaseTurn, type LeaseState } from './decideLeaseTurn.ts'
import { acquireGroup, releaseGroup, renewGroup } from './groupLeases.ts'
import { type WalletGroup, walletKeyOf } from './groupWallets.ts'
import { type HeldGroup, tellLapsedLeases } from './tellLapsedLeases.ts'
import { DEFAULT_CLUSTER_ALERT_WINDOW_MS, tellUnheldWallets } from './tellUnheldWallets.ts'

/** One ferry process's part in a cluster on a shared journal. */
export type ClusterMember = {
  /** This process's holder id. */
  readonly id: string
  /** One turn now: heartbeat, renew held leases, release and acquire per decideLeaseTurn. */
  turn(): Promise<void>
  /**
   * Beats, turns now, then beats and turns every quarter of the TTL, each on its own timer, until
   * {@link ClusterMember.stop}.
   */
  start(): Promise<void>
  /**
   * Stops turning, releases every held lease and leaves the live set, so another instance takes
   * over at its next turn.
   */
  stop(): Promise<void>
  /** The strategy's wallets are held, within their TTL by this process's clock, and reconciled. */
  runs(strategyId: string): boolean
  /**
   * Claims strategies' schedule slots cluster-wide, in one statement: the strategies whose slot
   * this process won (each slot is won once, by one process).
   */
  claimSlots(slots: readonly StrategySlot[]): Promise<Set<string>>
  /**
   * Runs `work` with the claims held now bound to it and to everything it starts (its sends,
   * its trackers' cancels and patches): their fenced writes carry these tokens even if the lease
   * is later lost and taken again, so work begun under one lease can never write under the next.
   */
  withClaims<T>(work: () => Promise<T>): Promise<T>
  /**
   * The claim a fenced write on this wallet carries: the one bound by
   * {@link ClusterMember.withClaims}, else the one held now, else the last one held (the database
   * then refuses it); undefined when this process never held the wallet, or holds it but its
   * lease lapsed by this process's clock (refused before the database is asked).
   */
  leaseFor(chainId: number, address: string): WalletLeaseClaim | undefined
  /** Groups held now. */
  heldGroups(): WalletGroup[]
}

/** Inputs of {@link createClusterMember}. */
export type CreateClusterMemberParams = {
  store: PgJournalStore
  id: string
  host: string
  pid: number
  /** Lease TTL, ms; turns run every quarter of it. */
  leaseTtlMs: number
  groups: readonly WalletGroup[]
  /**
   * Runs after a group is taken and before its strategies run: the taker reconciles the previous
   * holder's in-flight intents on those wallets, as a restart would. A throw leaves the group held
   * but not ready, tried again next turn.
   */
  onAcquired?: (group: WalletGroup) => Promise<void>
  emit?: (event: ClusterEvent) => void
  /** Window of a cluster-level alert (`walletUnheld`), told once per cluster in it, ms. */
  alertWindowMs?: number
}

/** How often a member holding groups prunes the claimed schedule slots, ms. */
const PRUNE_SLOTS_EVERY_MS = 60_000

type Held = HeldGroup

/**
 * A cluster member (docs/architecture.md §5): keeps its instance row alive, holds the wallet
 * groups assigned to it with fenced leases, hands over those assigned elsewhere, and tells the
 * engine which strategies it may run. Lease validity is judged twice: by the database (the
 * fence) and locally on a monotonic clock from the start of the last renewal, so a process that
 * was paused stops planning sends before its next turn finds the lease lost.
 */
export function createClusterMember(params: CreateClusterMemberParams): ClusterMember {
  const { store, id, leaseTtlMs } = params
  const emit = params.emit ?? (() => {})
  const held = new Map<string, Held>()
  const groupOf = new Map<string, WalletGroup>()
  for (const g of params.groups) for (const s of g.strategies) groupOf.set(s, g)
  const byKey = new Map(params.groups.map((g) => [g.key, g]))
  const bound = new AsyncLocalStorage<ReadonlyMap<string, number>>()
  /**
   * Every wallet's last token this process held, by wallet key: a held wallet's is its current
   * one (a renewal keeps the token).
   */
  const lastTokens = new Map<string, number>()
  let lastView = { liveInstances: -1, heldWallets: -1 }
  let prunedAtMs = Number.NEGATIVE_INFINITY
  let recheckInMs: number | undefined
  let timer: NodeJS.Timeout | undefined
  let lapseTimer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = false

  const heartbeat = createHeartbeat(
    store,
    { id, host: params.host, pid: params.pid, leaseTtlMs },
    emit,
  )

  async function turnOnce(): Promise<void> {
    // The beat first (its own connection; the one in flight if the timer's is), so this member
    // counts as dead no later than its leases lapse: a turn that cannot beat renews nothing.
    await heartbeat.beat()
    const view = await readClusterInstances(store.db)
    for (const [key, h] of [...held]) {
      // Valid until the TTL counted from before the statement left: the database counts it from
      // when the statement held the row, later, so this process stops first.
      const startedMs = performance.now()
      const lost = await renewGroup(store, h, { holder: id, ttlMs: leaseTtlMs }, emit)
      if (lost) held.delete(key)
      else {
        h.validUntilMs = startedMs + leaseTtlMs
        h.lapseTold = false
      }
    }
    const leases = new Map<string, LeaseState>()
    for (const row of await readWalletLeases(store.db)) {
      leases.set(walletKeyOf(row), { holder: row.holder, expiresAtMs: row.expiresAtMs })
    }
    const liveInstanceIds = view.instances.filter((i) => i.alive).map((i) => i.id)
    const decision = decideLeaseTurn({
      self: id,
      groups: params.groups,
      liveInstanceIds,
      leases,
      held: new Set(held.keys()),
      dbNowMs: view.dbNowMs,
      leaseTtlMs,
    })
    recheckInMs = decision.recheckInMs
    await tellUnheldWallets({
      store,
      instance: id,
      orphaned: decision.orphaned.map((key) => byKey.get(key)!),
      leases,
      dbNowMs: view.dbNowMs,
      windowMs: params.alertWindowMs ?? DEFAULT_CLUSTER_ALERT_WINDOW_MS,
      emit,
    })
    for (const key of decision.release) {
      const h = held.get(key)!
      held.delete(key)
      await releaseGroup(store, h, id, emit)
    }
    for (const key of decision.acquire) {
      const group = byKey.get(key)!
      const startedMs = performance.now()
      const tokens = await acquireGroup(store, group, { holder: id, ttlMs: leaseTtlMs }, emit)
      if (!tokens) continue
      held.set(key, { group, tokens, validUntilMs: startedMs + leaseTtlMs, ready: false })
      for (const [wallet, token] of tokens) lastTokens.set(wallet, token)
    }
    // Held but not yet reconciled: a new group, or one whose reconcile failed last turn.
    for (const h of held.values()) {
      if (h.ready) continue
      const onAcquired = params.onAcquired
      if (onAcquired) await bound.run(new Map(h.tokens), () => onAcquired(h.group))
      h.ready = true
    }
    // The slots claimed stay bounded: an instance that runs strategies prunes about once a minute.
    if (held.size > 0 && performance.now() - prunedAtMs >= PRUNE_SLOTS_EVERY_MS) {
      prunedAtMs = performance.now()
      await pruneStrategySlots(store)
    }
    const liveInstances = liveInstanceIds.length
    const heldWallets = [...held.values()].reduce((n, h) => n + h.group.wallets.length, 0)
    // Told when it changes, not every turn: four turns a TTL would flood the output.
    if (liveInstances !== lastView.liveInstances || heldWallets !== lastView.heldWallets) {
      lastView = { liveInstances, heldWallets }
      emit({ type: 'clusterView', liveInstances, heldWallets })
    }
  }

  async function turn(): Promise<void> {
    // One turn at a time: a slow database must not stack turns up.
    if (running) return running
    running = turnOnce().finally(() => {
      running = undefined
    })
    return running
  }

  /** A turn whose failure is told, not thrown: the next turn tries again. */
  const turnTold = (): Promise<void> =>
    turn().catch((error: unknown) => {
      emit({ type: 'clusterTurnFailed', error: (error as Error).message.split('\n')[0]! })
    })

  function schedule(): void {
    if (stopped) return
    timer = setTimeout(() => turnTold().finally(schedule), nextTurnInMs(leaseTtlMs, recheckInMs))
    timer.unref()
  }

  return {
    id,
    turn,
    async start() {
      heartbeat.start()
      lapseTimer = setInterval(
        () => tellLapsedLeases(held.values(), id, emit),
        Math.max(1, Math.floor(leaseTtlMs / 8)),
      )
      lapseTimer.unref()
      await turnTold()
      schedule()
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      clearInterval(lapseTimer)
      await heartbeat.stop()
      await running?.catch(() => {})
      for (const [key, h] of [...held]) {
        held.delete(key)
        await releaseGroup(store, h, id, emit).catch(() => {})
      }
      // Gone from the live set now: the others reassign its groups at their next turn.
      await leaveClusterInstance(store, id).catch(() => {})
    },
    runs(strategyId) {
      const h = held.get(groupOf.get(strategyId)?.key ?? '')
      if (h?.ready !== true) return false
      if (performance.now() < h.validUntilMs) return true
      tellLapsedLeases([h], id, emit)
      return false
    },
    claimSlots: (slots) => claimStrategySlots(store, id, slots),
    withClaims(work) {
      const claims = new Map<string, number>()
      for (const h of held.values())
        for (const [wallet, token] of h.tokens) claims.set(wallet, token)
      return bound.run(claims, work)
    },
    leaseFor(chainId, address) {
      const key = walletKeyOf({ chainId, address: toWalletKey(address) })
      const token = bound.getStore()?.get(key) ?? lastTokens.get(key)
      // Lapsed by this process's clock: no claim, so nothing new is journaled, nor sent.
      const lapsed = [...held.values()].some(
        (h) => h.tokens.has(key) && performance.now() >= h.validUntilMs,
      )
      return token === undefined || lapsed ? undefined : { holder: id, token }
    },
    heldGroups: () => [...held.values()].map((h) => h.group),
  }
}

/**
 * When the next turn comes, ms: every quarter of the TTL, or sooner, just after a lease this
 * instance should take expires, so a dead holder is replaced within the TTL and little more.
 */
function nextTurnInMs(leaseTtlMs: number, recheckInMs: number | undefined): number {
  const periodMs = Math.max(1, Math.floor(leaseTtlMs / 4))
  return recheckInMs === undefined ? periodMs : Math.max(1, Math.min(periodMs, recheckInMs + 5))
}
