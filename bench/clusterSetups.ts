import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { clusterGroups } from '../src/cli/run/clusterGroups.ts'
import type { ManualClock } from '../src/common/clock.ts'
import { silentLogger } from '../src/common/Logger.ts'
import type { RouteRequest } from '../src/common/strategy/marketTypes.ts'
import {
  type ClusterMember,
  createClusterMember,
} from '../src/engine/cluster/createClusterMember.ts'
import { createEngineCluster } from '../src/engine/cluster/createEngineCluster.ts'
import { fenceJournalStore } from '../src/engine/cluster/fenceJournalStore.ts'
import { createEngine, type Engine } from '../src/engine/createEngine.ts'
import { createIntentLedger } from '../src/execute/createIntentLedger.ts'
import { createIntentRunner, type IntentRunner } from '../src/execute/createIntentRunner.ts'
import type { EngineEvent } from '../src/observe/engineEvents.ts'
import { deepFreeze } from '../src/settings/deepFreeze.ts'
import { type FerryConfig, ferryConfigSchema } from '../src/settings/ferryConfigSchema.ts'
import type { JournalStore } from '../src/store/contract/JournalStore.ts'
import { openPgJournal, type PgJournalStore } from '../src/store/pg/openPgJournal.ts'
import { openJournal } from '../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../src/store/sqlite/toJournalStore.ts'
import { builtInStrategies } from '../strategies/builtInStrategies.ts'
import type { FakeWorld } from '../test/helpers/createTestEngine.ts'
import { ARB_USDC, CANNED_BALANCES, cannedQuote, OWNER } from './cannedMarket.ts'

/** The shortest schedule a config may give, ms: one slot per strategy per second. */
export const INTERVAL_MS = 1_000

/** One engine of a setup, with the durations of its ticks and (in a cluster) its lease turns, ms. */
export type BenchInstance = {
  label: string
  engine: Engine
  member?: ClusterMember
  tickMs: number[]
  turnMs: number[]
}

/** One way of running the routes: its instances on one clock, and who ran which slot. */
export type BenchSetup = {
  label: string
  clock: ManualClock
  instances: BenchInstance[]
  /** `strategy@slotMs` → how many instances ran it, counted while `counting`. */
  runs: Map<string, number>
  counting: boolean
  /** Schedule slots that could not be claimed (the database unreachable): none expected. */
  claimErrors: string[]
  close(): Promise<void>
}

/**
 * `routes` paper-mode `arbitrage` instances of one single-chain swap pair each (one route, one
 * quote a run), due every INTERVAL_MS with no jitter. Paper mode gives nothing, so each instance
 * is its own wallet group under its pseudo-wallet (docs/architecture.md §5).
 */
export function benchConfig(routes: number): FerryConfig {
  return ferryConfigSchema.parse({
    strategies: Array.from({ length: routes }, (_, i) => ({
      name: 'arbitrage',
      id: `route-${String(i).padStart(3, '0')}`,
      schedule: { intervalMs: INTERVAL_MS },
      params: {
        paper: true,
        swapPairs: [
          {
            chainId: 42161,
            tokenIn: ARB_USDC,
            tokenOut: '0x0000000000000000000000000000000000000000',
            amountIn: String(100_000_000 + i),
          },
        ],
      },
    })),
  })
}

/** The in-memory world of the engine benches: canned balances and quotes, never a send. */
const world: FakeWorld = {
  sending: false,
  readBalances: async () => CANNED_BALANCES,
  quote: async (request: RouteRequest, nowMs: number) => cannedQuote(request, nowMs),
  execute: async () => ({ kind: 'failed' as const, detail: 'the bench world never sends' }),
  settle: async () => ({ kind: 'failed' as const, detail: 'the bench world never sends' }),
  followRefund: async () => ({ state: 'failed' as const, detail: 'the bench world never sends' }),
  track: async () => ({ state: 'failed' as const, detail: 'the bench world never sends' }),
  killSwitchEngaged: () => false,
  engageKillSwitch: () => false,
}

/** The wallets of the run: paper strategies give from none of them, so none joins a group. */
const WALLETS = [42161, 8453].map((chainId) => ({ chainId, address: OWNER }))

function newSetup(label: string, clock: ManualClock): BenchSetup {
  return {
    label,
    clock,
    instances: [],
    runs: new Map(),
    counting: false,
    claimErrors: [],
    close: async () => {},
  }
}

/** Counts each strategy a `tick` event names under the slot of its time, while counting. */
function counter(setup: BenchSetup): (event: EngineEvent) => void {
  return (event) => {
    if (event.type !== 'tick' || !setup.counting) return
    const slotMs = Math.floor(event.atMs / INTERVAL_MS) * INTERVAL_MS
    for (const s of event.strategies) {
      const key = `${s}@${slotMs}`
      setup.runs.set(key, (setup.runs.get(key) ?? 0) + 1)
    }
  }
}

function engineOn(
  config: FerryConfig,
  journal: JournalStore,
  clock: ManualClock,
  emit: (event: EngineEvent) => void,
  extra: Pick<Parameters<typeof createEngine>[0], 'cluster' | 'preSignReads'>,
): { engine: Engine; runner: IntentRunner } {
  const runner = createIntentRunner({
    ops: world,
    ledger: createIntentLedger(journal),
    journal,
    logger: silentLogger,
  })
  const engine = createEngine({
    config: deepFreeze(config),
    strategies: builtInStrategies,
    market: world,
    runner,
    journal,
    ...extra,
    clock,
    logger: silentLogger,
    emit,
  })
  return { engine, runner }
}

/** One `ferry run` on a SQLite file (WAL, synchronous=FULL): no cluster, every strategy here. */
export function sqliteSetup(config: FerryConfig, clock: ManualClock): BenchSetup {
  const setup = newSetup('1 instance, SQLite', clock)
  const dir = mkdtempSync(join(tmpdir(), 'ferry-cluster-bench-'))
  const journal = openJournal(join(dir, 'journal.sqlite'))
  const { engine } = engineOn(config, toJournalStore(journal), clock, counter(setup), {
    preSignReads: journal,
  })
  setup.instances.push({ label: 'sqlite', engine, tickMs: [], turnMs: [] })
  setup.close = async () => {
    journal.close()
    rmSync(dir, { recursive: true, force: true })
  }
  return setup
}

/**
 * `count` `ferry run` processes on the PostgreSQL database at `url`, wired as createRunCluster
 * wires one (its groups from clusterGroups, a member keeping their leases, the fenced journal,
 * the engine's selection), but with the member turned by the bench rather than on its timer, so
 * each turn can be timed. Each has its own pool (openPgJournal, 10 connections) and holder id.
 */
export async function pgSetup(
  label: string,
  config: FerryConfig,
  clock: ManualClock,
  url: string,
  count: number,
): Promise<BenchSetup> {
  const setup = newSetup(label, clock)
  const emit = counter(setup)
  const groups = clusterGroups(deepFreeze(config), builtInStrategies, WALLETS)
  const stores: PgJournalStore[] = []
  for (let i = 0; i < count; i++) {
    const store = await openPgJournal(url)
    stores.push(store)
    const id = `bench-${String.fromCharCode(97 + i)}`
    let runner: IntentRunner | undefined
    const member = createClusterMember({
      store,
      id,
      host: 'bench',
      pid: process.pid,
      leaseTtlMs: config.cluster.leaseTtlMs,
      groups,
      onAcquired: async (group) => {
        await runner?.reconcile(emit, (rec) => group.strategies.includes(rec.intent.strategy))
      },
    })
    const journal = fenceJournalStore(store, member.leaseFor, id)
    const cluster = createEngineCluster(member, (strategy, error) => {
      setup.claimErrors.push(`${id}: ${strategy}: ${error.message.split('\n')[0]}`)
    })
    const built = engineOn(config, journal, clock, emit, { cluster })
    runner = built.runner
    setup.instances.push({ label: id, engine: built.engine, member, tickMs: [], turnMs: [] })
  }
  setup.close = async () => {
    for (const { member } of setup.instances) await member?.stop()
    for (const store of stores) await store.close()
  }
  return setup
}

/**
 * Every member of the setup turns once, all at once as their timers would have them, each turn
 * timed.
 */
export async function turnAll(setup: BenchSetup): Promise<void> {
  await Promise.all(
    setup.instances.map(async ({ member, turnMs }) => {
      if (!member) return
      const startMs = performance.now()
      await member.turn()
      turnMs.push(performance.now() - startMs)
    }),
  )
}

/** One schedule slot: the clock moves one interval on, then every instance ticks at once, timed. */
export async function tickAll(setup: BenchSetup): Promise<void> {
  setup.clock.advanceMs(INTERVAL_MS)
  await Promise.all(
    setup.instances.map(async (instance) => {
      const startMs = performance.now()
      await instance.engine.tick()
      instance.tickMs.push(performance.now() - startMs)
    }),
  )
}
