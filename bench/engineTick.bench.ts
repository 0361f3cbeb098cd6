import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createManualClock } from '../src/common/clock.ts'
import { silentLogger } from '../src/common/Logger.ts'
import type { RouteRequest } from '../src/common/strategy/marketTypes.ts'
import { ferryConfigSchema } from '../src/settings/ferryConfigSchema.ts'
import { openJournal } from '../src/store/sqlite/openJournal.ts'
import { createTestEngine } from '../test/helpers/createTestEngine.ts'
import { CANNED_BALANCES, cannedQuote, roundTripStrategy } from './cannedMarket.ts'
import type { BenchResult } from './run.ts'

/** Routes per tick measured, ticks per size (after the warm-up), and the sanity bound. */
const ROUTE_COUNTS = [10, 100] as const
const WARMUP_TICKS = 5
const MEASURED_TICKS = 100
const INTERVAL_MS = 60_000
/**
 * Not a figure of the issue (it asks for the numbers only): a bound far above what the loop
 * should cost, so a regression that makes a tick quadratic in routes shows as MISSED. On the
 * median: the p99 follows the disk's fsync stalls more than ferry's code.
 */
const MAX_MEDIAN_US_PER_ROUTE = 2_000

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!
}

/** Per-route figures of one size, µs: tick time / N, and the part spent in journal writes. */
export type TickFigures = { medianUs: number; p99Us: number; journalMedianUs: number }

/**
 * Median and p99 of one tick's time divided by its routes, µs, over `ticks` ticks (default
 * MEASURED_TICKS), on a new journal or on the one at `journalPath` (left in place).
 */
export async function measure(
  routes: number,
  options: { journalPath?: string; ticks?: number } = {},
): Promise<TickFigures> {
  const dir = options.journalPath ? undefined : mkdtempSync(join(tmpdir(), 'ferry-tick-bench-'))
  const disk = openJournal(options.journalPath ?? join(dir!, 'journal.sqlite'))
  // The same journal, with its writes timed: grouped in the tick's batch, they commit (one fsync,
  // synchronous=FULL) once at the tick's end, which the tick's time includes and this figure not.
  let writeMs = 0
  const timed = <A extends unknown[], R>(write: (...a: A) => R) => {
    return (...a: A): R => {
      const startMs = performance.now()
      try {
        return write(...a)
      } finally {
        writeMs += performance.now() - startMs
      }
    }
  }
  const journal = {
    ...disk,
    recordObservation: timed(disk.recordObservation),
    recordIntent: timed(disk.recordIntent),
    setIntentState: timed(disk.setIntentState),
  }
  const clock = createManualClock(Date.now())
  // Round trips, not paper: every trip's first leg becomes an intent, so each tick also runs the
  // risk checks (journal reads) and journals a dry run, as a live config's tick would.
  const config = ferryConfigSchema.parse({
    risk: { maxNotionalUsdPerDay: 1e12, maxInFlightUsd: 1e12 },
    strategies: [roundTripStrategy(routes / 2, INTERVAL_MS)],
  })
  const world = {
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
  let events = 0
  const engine = createTestEngine({
    config,
    world,
    journal,
    clock,
    logger: silentLogger,
    emit: () => {
      events++
    },
  })
  const perRouteUs: number[] = []
  const journalPerRouteUs: number[] = []
  try {
    for (let i = 0; i < WARMUP_TICKS + (options.ticks ?? MEASURED_TICKS); i++) {
      // The strategy is due on every tick: its interval passes between two ticks.
      clock.advanceMs(INTERVAL_MS)
      writeMs = 0
      const startMs = performance.now()
      await engine.tick()
      const tookMs = performance.now() - startMs
      if (i < WARMUP_TICKS) continue
      perRouteUs.push((tookMs * 1_000) / routes)
      journalPerRouteUs.push((writeMs * 1_000) / routes)
    }
  } finally {
    disk.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  }
  if (events === 0) throw new Error('the engine emitted nothing')
  const sorted = perRouteUs.sort((a, b) => a - b)
  return {
    medianUs: percentile(sorted, 50),
    p99Us: percentile(sorted, 99),
    journalMedianUs: percentile(
      journalPerRouteUs.sort((a, b) => a - b),
      50,
    ),
  }
}

/**
 * Tick overhead per route, excluding the network: the engine over an
 * in-memory world whose balances and quotes answer at once and which never sends, with a real
 * journal on disk (WAL, synchronous=FULL). An arbitrage config of N/2 round trips gives N routes
 * per tick; every tick plans, quotes, decides, journals N/2 observations, and runs N/2 intents
 * through the risk checks into journaled dry runs. Prints median and p99 of tick time / N, µs.
 */
export async function run(): Promise<BenchResult> {
  const rows: ({ routes: number } & TickFigures)[] = []
  for (const routes of ROUTE_COUNTS) rows.push({ routes, ...(await measure(routes)) })
  console.log(`${MEASURED_TICKS} ticks per size after ${WARMUP_TICKS} warm-up; journal on disk`)
  console.log('routes/tick   median µs/route   p99 µs/route   of which journal writes (median)')
  for (const r of rows) {
    console.log(
      `${String(r.routes).padStart(11)}   ${r.medianUs.toFixed(1).padStart(15)}   ${r.p99Us.toFixed(1).padStart(12)}   ${r.journalMedianUs.toFixed(1).padStart(11)}`,
    )
  }
  const worst = Math.max(...rows.map((r) => r.medianUs))
  return {
    name: 'engine tick overhead per route (no network)',
    target: rows
      .map((r) => `N=${r.routes}: median ${r.medianUs.toFixed(0)} µs, p99 ${r.p99Us.toFixed(0)} µs`)
      .concat(`median <= ${MAX_MEDIAN_US_PER_ROUTE} µs (sanity bound)`)
      .join('; '),
    met: worst <= MAX_MEDIAN_US_PER_ROUTE,
  }
}
