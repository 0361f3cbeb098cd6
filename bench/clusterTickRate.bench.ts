import { availableParallelism, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { createManualClock } from '../src/common/clock.ts'
import { startTestPostgres } from '../test/helpers/startTestPostgres.ts'
import {
  type BenchSetup,
  benchConfig,
  INTERVAL_MS,
  pgSetup,
  sqliteSetup,
  tickAll,
  turnAll,
} from './clusterSetups.ts'
import type { BenchResult } from './run.ts'

/** Strategy instances (one route each, each its own wallet group) and cluster members. */
const ROUTES = 100
const MEMBERS = 3
/** Lease turns of every member before the first slot, so the groups are shared out. */
const WARMUP_TURNS = 3
/** Slots per setup run and not counted after the groups are shared out. */
const WARMUP_SLOTS = 3
/** Rounds of slots, the setups taking turns within each, so the machine's load falls on all. */
const ROUNDS = 10

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN
}
const p = (samples: readonly number[], at: number) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    at,
  )

/** How the (strategy, slot) pairs of the counted slots ran in one setup. */
type Tally = {
  expected: number
  exactlyOnce: number
  duplicated: number
  missed: number
  runs: number
  runsPerS: number
  spread: string
}

function tally(setup: BenchSetup, slotsMs: readonly number[], wallMs: number): Tally {
  let exactlyOnce = 0
  let duplicated = 0
  let missed = 0
  for (const slotMs of slotsMs) {
    for (let i = 0; i < ROUTES; i++) {
      const n = setup.runs.get(`route-${String(i).padStart(3, '0')}@${slotMs}`) ?? 0
      if (n === 1) exactlyOnce++
      else if (n === 0) missed++
      else duplicated++
    }
  }
  const runs = [...setup.runs.values()].reduce((total, n) => total + n, 0)
  return {
    expected: slotsMs.length * ROUTES,
    exactlyOnce,
    duplicated,
    missed,
    runs,
    runsPerS: runs / (wallMs / 1_000),
    spread: spreadOf(setup),
  }
}

/** Wallet groups held per member now, e.g. `33/33/34`; `-` without a cluster. */
function spreadOf(setup: BenchSetup): string {
  const held = setup.instances.flatMap((i) => (i.member ? [i.member.heldGroups().length] : []))
  return held.length === 0 ? '-' : held.join('/')
}

/**
 * The setups' slots, ROUNDS rounds of a lease turn's worth of slots each, interleaved; a setup
 * with members turns them at the start of each of its rounds, as their timers would every
 * TTL/3. Returns each setup's counted slots and the wall time of its own rounds, ms.
 */
async function measure(
  setups: readonly BenchSetup[],
  slotsPerTurn: number,
): Promise<Map<BenchSetup, { slotsMs: number[]; wallMs: number; spreads: Set<string> }>> {
  const out = new Map(
    setups.map((s) => [s, { slotsMs: [] as number[], wallMs: 0, spreads: new Set<string>() }]),
  )
  for (const setup of setups) {
    for (let i = 0; i < WARMUP_TURNS; i++) await turnAll(setup)
    for (let i = 0; i < WARMUP_SLOTS; i++) await tickAll(setup)
    for (const instance of setup.instances) {
      instance.tickMs.length = 0
      instance.turnMs.length = 0
    }
    setup.counting = true
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const setup of setups) {
      const own = out.get(setup)!
      const startMs = performance.now()
      await turnAll(setup)
      own.spreads.add(spreadOf(setup))
      for (let i = 0; i < slotsPerTurn; i++) {
        await tickAll(setup)
        own.slotsMs.push(Math.floor(setup.clock.nowMs() / INTERVAL_MS) * INTERVAL_MS)
      }
      own.wallMs += performance.now() - startMs
    }
  }
  return out
}

const ms = (value: number): string => value.toFixed(1).padStart(8)

/**
 * The cluster-wide tick rate (docs/operations.md §8.4): ROUTES paper-mode strategy instances, one
 * route each and each its own wallet group, due every 1 000 ms, over an in-memory market (canned
 * balances and quotes, no network), on a manual clock ticked back to back, on:
 * - one instance on a SQLite file (WAL, synchronous=FULL; the baseline, no cluster);
 * - one instance on PostgreSQL (a cluster of one, as `ferry run` on a shared journal is);
 * - MEMBERS instances on one PostgreSQL database: MEMBERS engines in this process, each with its
 *   own pool, journal store and cluster member, ticking at once each slot.
 * PostgreSQL is embedded, on loopback, with its durability defaults. Lease turns and slot claims
 * are the real ones on the real database; the members turn every TTL/3 of schedule time.
 * Prints strategy runs per second, the (strategy, slot) pairs run exactly once, the groups per
 * member, tick p50/p95 per instance and the lease turn's p95. Goals: every slot exactly once,
 * groups within one of each other, the cluster's run rate at least the single PostgreSQL one's.
 */
export async function run(): Promise<BenchResult[]> {
  const loadBefore = loadavg()[0]!
  const config = benchConfig(ROUTES)
  const slotsPerTurn = Math.max(1, Math.floor(config.cluster.leaseTtlMs / 3 / INTERVAL_MS))
  const startMs = Math.ceil(Date.now() / INTERVAL_MS) * INTERVAL_MS + INTERVAL_MS / 2
  const server = await startTestPostgres({ durable: true })
  const setups: BenchSetup[] = []
  try {
    const admin = new pg.Pool({ connectionString: server.url, max: 1 })
    const urlOf = async (name: string): Promise<string> => {
      await admin.query(`CREATE DATABASE ${name}`)
      const url = new URL(server.url)
      url.pathname = `/${name}`
      return url.toString()
    }
    const single = await urlOf('single')
    const shared = await urlOf('shared')
    await admin.end()
    setups.push(sqliteSetup(config, createManualClock(startMs)))
    setups.push(
      await pgSetup('1 instance, PostgreSQL', config, createManualClock(startMs), single, 1),
    )
    setups.push(
      await pgSetup(
        `${MEMBERS} instances, PostgreSQL`,
        config,
        createManualClock(startMs),
        shared,
        MEMBERS,
      ),
    )
    const measured = await measure(setups, slotsPerTurn)
    const tallies = new Map(
      setups.map((s) => {
        const m = measured.get(s)!
        return [s, tally(s, m.slotsMs, m.wallMs)]
      }),
    )
    const slots = ROUNDS * slotsPerTurn
    console.log(
      `${ROUTES} routes (paper arbitrage, one swap quote each, each its own wallet group), ` +
        `schedule ${INTERVAL_MS} ms; ${slots} counted slots per setup (${ROUNDS} interleaved rounds ` +
        `of ${slotsPerTurn}, a lease turn at each, TTL ${config.cluster.leaseTtlMs} ms) after ` +
        `${WARMUP_SLOTS} warm-up; manual clock, slots back to back`,
    )
    console.log(
      `cluster: ${MEMBERS} engines in this process, each its own pool (10), journal store and ` +
        'member; embedded PostgreSQL on loopback, fsync and synchronous_commit on',
    )
    console.log(
      `load average (1 min): ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after, ` +
        `${availableParallelism()} cores`,
    )
    console.log(
      `${'setup'.padEnd(26)}  runs/s   exactly once  duplicated  missed  groups per instance`,
    )
    for (const [setup, t] of tallies) {
      const spreads = [...measured.get(setup)!.spreads]
      console.log(
        `${setup.label.padEnd(26)}${t.runsPerS.toFixed(0).padStart(8)}   ` +
          `${`${t.exactlyOnce}/${t.expected}`.padEnd(12)}  ${String(t.duplicated).padStart(10)}  ` +
          `${String(t.missed).padStart(6)}  ${spreads.join(', then ')}`,
      )
    }
    console.log(`${'instance'.padEnd(34)}tick p50  tick p95  turn p50  turn p95 (ms)`)
    for (const setup of setups) {
      for (const i of setup.instances) {
        const turns = i.turnMs.length > 0 ? `${ms(p(i.turnMs, 50))}  ${ms(p(i.turnMs, 95))}` : ''
        console.log(
          `${`${setup.label}: ${i.label}`.padEnd(34)}${ms(p(i.tickMs, 50))}  ${ms(p(i.tickMs, 95))}  ${turns}`,
        )
      }
    }
    console.log(
      `a slot is ${INTERVAL_MS} ms: an instance whose tick p95 passes it falls behind its schedule`,
    )
    for (const setup of setups) {
      for (const e of setup.claimErrors.slice(0, 3)) console.log(`claim error: ${e}`)
    }
    const cluster = tallies.get(setups[2]!)!
    const onePg = tallies.get(setups[1]!)!
    const held = cluster.spread.split('/').map(Number)
    const spreadOk =
      measured.get(setups[2]!)!.spreads.size === 1 && Math.max(...held) - Math.min(...held) <= 1
    const onceOk = [...tallies.values()].every(
      (t) => t.exactlyOnce === t.expected && t.runs === t.expected,
    )
    console.log(
      'goals: every (strategy, slot) run exactly once (0 duplicated, 0 missed); groups per ' +
        'instance within one of each other; cluster-wide runs/s >= one PostgreSQL instance',
    )
    return [
      {
        name: `cluster tick: every slot exactly once (${ROUTES} routes x ${slots} slots)`,
        target: [...tallies.entries()]
          .map(
            ([s, t]) =>
              `${s.label}: ${t.exactlyOnce}/${t.expected}, ${t.duplicated} dup, ${t.missed} missed`,
          )
          .join('; '),
        met: onceOk,
      },
      {
        name: `cluster tick: groups spread within one over ${MEMBERS} instances`,
        target: `${cluster.spread} (goal: max - min <= 1, unchanged while measured)`,
        met: spreadOk,
      },
      {
        name: 'cluster tick: cluster-wide run rate >= one PostgreSQL instance',
        target:
          `${cluster.runsPerS.toFixed(0)} runs/s against ${onePg.runsPerS.toFixed(0)} ` +
          `(${(cluster.runsPerS / onePg.runsPerS).toFixed(2)}x); SQLite ${tallies.get(setups[0]!)!.runsPerS.toFixed(0)}`,
        met: cluster.runsPerS >= onePg.runsPerS,
      },
    ]
  } finally {
    for (const setup of setups) await setup.close()
    await server.stop()
  }
}
