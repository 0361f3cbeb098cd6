import { writeFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { openPgJournal } from '../../../src/store/openPgJournal.ts'
import { auditClusterOrders } from '../../helpers/auditClusterOrders.ts'
import { jsonEvents, runFerry } from '../../helpers/runFerry.ts'
import {
  type ClusterInstance,
  holdsLease,
  leaseEvents,
  startClusterInstance,
  useClusterWorld,
  waitUntil,
  writeClusterConfig,
} from '../../helpers/startFerryCluster.ts'
import { DEVNET_KEY_ENV } from '../../helpers/writeDevnetLiveConfig.ts'

/** The lease TTL of the chaos config, ms, and its strategy's tick interval (writeDevnetLiveConfig). */
const LEASE_TTL_MS = 3_000
const TICK_MS = 1_000
/** Orders each phase waits for before its fault, so every fault lands mid-run. */
const ORDERS_PER_PHASE = 3

const user = devnetEvmAccount('user')
const world = useClusterWorld()

/**
 * Distinct orders created so far, by the instances' `created` events: an order a taker resumed
 * may be told by two instances.
 */
const created = (instances: readonly ClusterInstance[]): number =>
  new Set(
    instances
      .flatMap((i) => i.events)
      .filter((e) => e.type === 'created')
      .map((e) => e.orderId),
  ).size

/** The first lease acquired by an instance other than `not`, at or after `sinceMs`. */
function takeoverAtMs(
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

describe('a cluster of three ferry run on one PostgreSQL under faults', () => {
  test('behavior: SIGKILL of the holder, SIGSTOP of the next past its lease, a database restart: no intent has two orders, none is orphaned or unsettled, failover within the TTL and a tick', async () => {
    const startedMs = Date.now()
    const startBlocks = new Map(
      await Promise.all(
        world.devnet.evm.map(async (c) => [c.chainId, await c.client.getBlockNumber()] as const),
      ),
    )
    const config = writeClusterConfig(world.devnet, LEASE_TTL_MS)
    const instances = ['ferry-1', 'ferry-2', 'ferry-3'].map((name) =>
      startClusterInstance(name, config.path, world.pg.url),
    )
    const ends = new Map<string, string>()
    for (const i of instances) {
      void i.exited.then((e) => ends.set(i.name, `exited ${e.code ?? e.signal} at ${Date.now()}`))
    }
    const detail = (): string =>
      instances
        .map(
          (i) =>
            `${i.name} (${ends.get(i.name) ?? 'running'}): ${JSON.stringify(i.events.filter((e) => ['lease', 'clusterView', 'clusterTurnFailed'].includes(e.type)))}\n${i.stderr().slice(-1_500)}`,
        )
        .join('\n')
    const failoversMs: number[] = []
    try {
      // Phase 1: the instances share the wallets out and one of them works.
      await waitUntil('orders', () => created(instances) >= ORDERS_PER_PHASE || undefined, 60_000)

      // Fault 1: the holder dies. Another takes over once its lease lapses.
      const first = await waitUntil('the holder', () => instances.find(holdsLease), 10_000)
      const killMs = Date.now()
      first.kill('SIGKILL')
      const live1 = instances.filter((i) => i !== first)
      failoversMs.push(
        (await waitUntil(
          'a takeover after the kill',
          () => takeoverAtMs(live1, first, killMs),
          30_000,
        )) - killMs,
      )
      const before2 = created(instances)
      await waitUntil(
        'orders of the new holder',
        () => created(instances) >= before2 + ORDERS_PER_PHASE || undefined,
        60_000,
      )

      // Fault 2: the new holder is paused past its lease, then woken: it must give the wallets up.
      const second = await waitUntil('the new holder', () => live1.find(holdsLease), 10_000)
      const stopMs = Date.now()
      second.kill('SIGSTOP')
      const third = live1.find((i) => i !== second)!
      failoversMs.push(
        (await waitUntil(
          'a takeover after the pause',
          () => takeoverAtMs([third], second, stopMs),
          30_000,
        )) - stopMs,
      )
      second.kill('SIGCONT')
      await waitUntil(
        'the woken instance to see its lease lost',
        () =>
          leaseEvents(second).some((e) => e.change === 'lost' && (e.atMs as number) >= stopMs) ||
          undefined,
        30_000,
      )

      // Fault 3: the database restarts under the running instances.
      const before3 = created(instances)
      await world.pg.restart()
      await waitUntil(
        'orders after the restart',
        () => created(instances) >= Math.max(before3 + ORDERS_PER_PHASE, 10) || undefined,
        90_000,
      )
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${detail()}`)
    } finally {
      for (const i of instances) i.kill('SIGTERM')
      await Promise.all(instances.map((i) => i.exited))
    }
    // Every instance but the one killed lived through the pause and the restart, and stopped
    // cleanly on SIGTERM.
    const survivors = await Promise.all(
      instances.filter((i) => !ends.get(i.name)?.includes('SIGKILL')).map((i) => i.exited),
    )
    expect(survivors, detail()).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ])

    // Settle: one run with the kill switch on reconciles and tracks, never starts anew.
    writeFileSync(`${config.dir}/cluster.kill`, 'cluster chaos: settle only\n')
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
        `cluster chaos: instances=3 kills=1 pauses=1 dbRestarts=1 orders=${audit.orders} ` +
          `doubles=${audit.doubles.length} orphans=${audit.orphans.length} unsettled=${audit.unsettled.length} ` +
          `phantoms=${audit.phantoms.length} failoverMaxMs=${failoverMaxMs} (bound ${LEASE_TTL_MS + TICK_MS}) ` +
          `seconds=${Math.round((Date.now() - startedMs) / 1000)}`,
      )
      expect(audit, detail()).toMatchObject({
        doubles: [],
        orphans: [],
        phantoms: [],
        unsettled: [],
      })
      expect(audit.orders).toBeGreaterThanOrEqual(10)
      // Every order an instance said it created is on chain: none was told and not made.
      const told = instances
        .flatMap((i) => i.events)
        .filter((e) => e.type === 'created')
        .map((e) => String(e.orderId).toLowerCase())
      expect(told.filter((id) => !audit.orderIds.includes(id))).toEqual([])
      expect(failoverMaxMs).toBeLessThanOrEqual(LEASE_TTL_MS + TICK_MS)
    } finally {
      await journal.close()
    }
  }, 240_000)
})
