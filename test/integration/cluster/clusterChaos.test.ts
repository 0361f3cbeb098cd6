import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { readClusterInstances } from '../../../src/store/cluster/readClusterInstances.ts'
import { openPgJournal } from '../../../src/store/pg/openPgJournal.ts'
import { auditClusterOrders } from '../../helpers/auditClusterOrders.ts'
import { jsonEvents, runFerry } from '../../helpers/runFerry.ts'
import {
  type ClusterInstance,
  holdsLease,
  leaseEvents,
  processState,
  startClusterInstance,
  useClusterWorld,
  waitUntil,
  writeClusterConfig,
} from '../../helpers/startFerryCluster.ts'
import { startTcpProxy, type TcpProxy } from '../../helpers/startTcpProxy.ts'
import { DEVNET_KEY_ENV } from '../../helpers/writeDevnetLiveConfig.ts'
import {
  created,
  FAILOVER_BOUND_MS,
  LEASE_TTL_MS,
  ORDERS_PER_PHASE,
  TICK_MS,
  takeoverAtMs,
  user,
} from './clusterChaosFixtures.ts'

const world = useClusterWorld()

describe('a cluster of three ferry run on one PostgreSQL under faults', () => {
  test('behavior: pauses at the fenced insert, a SIGKILL of the holder and of its taker, a network partition, a database restart, then the kill switch through PostgreSQL: no intent has two orders, none is orphaned or unsettled, every failover within the TTL, a tick and 1 s', async () => {
    const startedMs = Date.now()
    const startBlocks = new Map(
      await Promise.all(
        world.devnet.evm.map(async (c) => [c.chainId, await c.client.getBlockNumber()] as const),
      ),
    )
    const config = writeClusterConfig(world.devnet, LEASE_TTL_MS)
    // Each instance reaches PostgreSQL through a proxy of its own, which a partition cuts.
    const proxies: TcpProxy[] = []
    const start = async (name: string, env: Record<string, string> = {}) => {
      const proxy = await startTcpProxy(world.pg.port)
      proxies.push(proxy)
      const url = new URL(world.pg.url)
      url.port = String(proxy.port)
      return Object.assign(startClusterInstance(name, config.path, url.toString(), env), { proxy })
    }
    // The first of the three to write ahead freezes there (SIGSTOP), once in the cluster.
    const pauseAtInsert = {
      FERRY_PAUSE_AT: 'inWriteAhead',
      FERRY_PAUSE_ONCE_FILE: `${config.dir}/paused-once`,
    }
    const instances = await Promise.all(
      ['ferry-1', 'ferry-2', 'ferry-3'].map((name) => start(name, pauseAtInsert)),
    )
    const ends = new Map<string, string>()
    const watch = (i: ClusterInstance) => {
      void i.exited.then((e) => ends.set(i.name, `exited ${e.code ?? e.signal} at ${Date.now()}`))
    }
    for (const i of instances) watch(i)
    const detail = (): string =>
      instances
        .map(
          (i) =>
            `${i.name} (${ends.get(i.name) ?? 'running'}): ${JSON.stringify(i.events.filter((e) => ['lease', 'clusterView', 'clusterTurnFailed', 'killSwitch'].includes(e.type)))}\n${i.stderr().slice(-1_500)}`,
        )
        .join('\n')
    const observer = await openPgJournal(world.pg.url)
    /**
     * Whether every running instance but `faulted` is alive in the database now (its heartbeat
     * is younger than the TTL), by pid.
     */
    const othersBeat = async (faulted: ClusterInstance) => {
      const alive = new Set(
        (await readClusterInstances(observer.db)).instances
          .filter((i) => i.alive)
          .map((i) => i.pid),
      )
      return live()
        .filter((i) => i !== faulted && i.pid !== undefined && processState(i.pid) !== 'T')
        .every((i) => alive.has(i.pid!))
    }
    const failovers: string[] = []
    const failoversMs: number[] = []
    const live = () => instances.filter((i) => !ends.has(i.name))
    /** Waits for a takeover by another live instance after `sinceMs`; records and returns it. */
    const takeover = async (fault: string, from: ClusterInstance, sinceMs: number) => {
      const atMs = await waitUntil(
        `a takeover after ${fault}`,
        () => takeoverAtMs(live(), from, sinceMs),
        30_000,
      )
      failoversMs.push(atMs - sinceMs)
      failovers.push(`${fault}=${atMs - sinceMs}`)
      return live().find((i) =>
        leaseEvents(i).some((e) => e.change === 'acquired' && e.atMs === atMs),
      )!
    }
    const moreOrders = async (what: string, count = ORDERS_PER_PHASE) => {
      const before = created(instances)
      await waitUntil(what, () => created(instances) >= before + count || undefined, 60_000)
    }
    /** Frozen instances: when the watcher saw each stop. */
    const frozenSince = new Map<ClusterInstance, number>()
    const pauses: number[] = []
    const heartbeatsDuringPauses: boolean[] = []
    let watching = true
    const watcher = (async () => {
      while (watching) {
        for (const i of live()) {
          const stopped = i.pid !== undefined && processState(i.pid) === 'T'
          if (stopped && !frozenSince.has(i)) frozenSince.set(i, Date.now())
          const sinceMs = frozenSince.get(i)
          if (!stopped || sinceMs === undefined) continue
          const atMs = takeoverAtMs(live(), i, sinceMs)
          if (atMs === undefined) continue
          failoversMs.push(atMs - sinceMs)
          failovers.push(`pauseAtInsert=${atMs - sinceMs}`)
          pauses.push(atMs - sinceMs)
          heartbeatsDuringPauses.push(await othersBeat(i))
          // Woken once: never counted again.
          frozenSince.set(i, Number.POSITIVE_INFINITY)
          i.kill('SIGCONT')
        }
        await new Promise((r) => setTimeout(r, 50))
      }
    })()
    try {
      // Fault 1: the first write-ahead freezes its instance (SIGSTOP) with the cap lock's
      // transaction open. The frozen holder's leases lapse and another takes over while the
      // others keep beating; the watcher then wakes it.
      await waitUntil(
        'a pause at the write-ahead and orders after it',
        () => (pauses.length > 0 && created(instances) >= ORDERS_PER_PHASE) || undefined,
        90_000,
      )

      // Fault 2: the holder dies, and so does the instance taking over, while it reconciles.
      const first = await waitUntil('the holder', () => live().find(holdsLease), 10_000)
      const killMs = Date.now()
      first.kill('SIGKILL')
      const taker = await takeover('kill', first, killMs)
      const killTakerMs = Date.now()
      taker.kill('SIGKILL')
      await takeover('killTaker', taker, killTakerMs)
      await waitUntil('both killed', () => (ends.size >= 2 ? true : undefined), 10_000)
      // A new instance joins in their place (no pause of its own).
      const fourth = await start('ferry-4')
      instances.push(fourth)
      watch(fourth)
      // Joined (a turn done, counted by the others) before the next fault needs a taker.
      await waitUntil(
        'the new instance to join',
        () => fourth.events.some((e) => e.type === 'clusterView') || undefined,
        30_000,
      )
      await waitUntil(
        'the cluster to count it',
        () =>
          live().every(
            (i) =>
              i.events.filter((e) => e.type === 'clusterView').at(-1)?.liveInstances ===
              live().length,
          ) || undefined,
        30_000,
      )

      // Fault 3: the holder is cut off from PostgreSQL (no FIN, no RST): its lease lapses by its
      // own clock, and it says so; another takes over and keeps beating.
      const cut = await waitUntil('the holder', () => live().find(holdsLease), 10_000)
      const cutMs = Date.now()
      cut.proxy.partition()
      await takeover('partition', cut, cutMs)
      expect(await othersBeat(cut), detail()).toBe(true)
      await waitUntil(
        'the partitioned instance to stop by its own clock',
        () => leaseEvents(cut).some((e) => e.change === 'lapsed') || undefined,
        10_000,
      )
      cut.proxy.heal()
      await waitUntil(
        'the healed instance to see its lease lost',
        () =>
          leaseEvents(cut).some((e) => e.change === 'lost' && (e.atMs as number) >= cutMs) ||
          undefined,
        30_000,
      )

      // Fault 4: the database restarts under the running instances.
      await world.pg.restart()
      await moreOrders('orders after the restart', 1)

      // The kill switch, thrown through PostgreSQL from outside: every live instance stops new
      // intents within one tick.
      const kill = await runFerry(
        ['kill', 'on', '--config', config.path, '--reason', 'cluster chaos: settle only'],
        { FERRY_JOURNAL_URL: world.pg.url },
        30_000,
      )
      expect(kill.code, kill.stderr).toBe(0)
      expect(kill.stdout).toContain('cluster kill switch ON')
      // When the row was committed, by the database's clock (this host's).
      const engagedMs = Number(
        (
          await sql<{ ms: number }>`
            SELECT (extract(epoch from since) * 1000)::bigint AS ms FROM kill_switch`.execute(
            observer.db,
          )
        ).rows[0]!.ms,
      )
      const seenMs = await Promise.all(
        live().map((i) =>
          waitUntil(
            `${i.name} to honour the kill switch`,
            () =>
              i.events.some((e) => e.type === 'killSwitch' && e.engaged) ? Date.now() : undefined,
            10_000,
          ),
        ),
      )
      const killSwitchMaxMs = Math.max(...seenMs) - engagedMs
      expect(killSwitchMaxMs).toBeLessThanOrEqual(TICK_MS + 1_000)
      for (const i of live()) {
        const at = i.events.findIndex((e) => e.type === 'killSwitch' && e.engaged)
        const after = i.events
          .slice(at)
          .filter((e) => e.type === 'decision' && e.verdict === 'accept')
        expect(after, i.name).toEqual([])
      }
      failovers.push(`killSwitchSeen=${killSwitchMaxMs}`)
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${detail()}`)
    } finally {
      watching = false
      await watcher
      for (const i of instances) i.kill('SIGCONT')
      for (const i of instances) i.kill('SIGTERM')
      await Promise.all(instances.map((i) => i.exited))
      await observer.close()
      await Promise.all(proxies.map((p) => p.close()))
    }
    // Every instance but the two killed lived through the pauses, the partition and the
    // restart, and stopped cleanly on SIGTERM.
    const survivors = await Promise.all(
      instances.filter((i) => !ends.get(i.name)?.includes('SIGKILL')).map((i) => i.exited),
    )
    expect(survivors, detail()).toEqual(survivors.map(() => ({ code: 0, signal: null })))
    expect(survivors).toHaveLength(2)
    // While each was frozen, every other instance kept its heartbeat.
    expect(heartbeatsDuringPauses.every(Boolean), detail()).toBe(true)

    // Settle: one run with the kill switch on reconciles and tracks, never starts anew.
    const settled = await runFerry(
      ['run', config.path, '--live', '--json', '--once'],
      {
        [DEVNET_KEY_ENV]: user.privateKey,
        FERRY_JOURNAL_URL: world.pg.url,
      },
      90_000,
    )
    expect(settled.code, `${settled.stderr}\n${detail()}`).toBe(0)
    expect(
      jsonEvents(settled.stdout).filter(
        (e) => e.type === 'decision' && e.reason !== 'killSwitchEngaged',
      ),
    ).toEqual([])

    const journal = await openPgJournal(world.pg.url)
    try {
      const audit = await auditClusterOrders(world.devnet, journal, startBlocks, user.address)
      const failoverMaxMs = Math.max(...failoversMs)
      console.info(
        `cluster chaos: instances=4 pausesAtInsert=${failovers.filter((f) => f.startsWith('pause')).length} ` +
          `kills=2 partitions=1 dbRestarts=1 orders=${audit.orders} ` +
          `doubles=${audit.doubles.length} orphans=${audit.orphans.length} unsettled=${audit.unsettled.length} ` +
          `phantoms=${audit.phantoms.length} failoverMaxMs=${failoverMaxMs} (bound ${FAILOVER_BOUND_MS}) ` +
          `failoversMs: ${failovers.join(' ')} seconds=${Math.round((Date.now() - startedMs) / 1000)}`,
      )
      expect(audit, detail()).toMatchObject({
        doubles: [],
        orphans: [],
        phantoms: [],
        unsettled: [],
      })
      expect(audit.orders).toBeGreaterThanOrEqual(ORDERS_PER_PHASE + 1)
      // Every order an instance said it created is on chain: none was told and not made.
      const told = instances
        .flatMap((i) => i.events)
        .filter((e) => e.type === 'created')
        .map((e) => String(e.orderId).toLowerCase())
      expect(told.filter((id) => !audit.orderIds.includes(id))).toEqual([])
      expect(failoverMaxMs).toBeLessThanOrEqual(FAILOVER_BOUND_MS)
    } finally {
      await journal.close()
    }
  }, 240_000)
})
