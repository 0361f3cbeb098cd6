import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createApiClient } from '../src/api/createApiClient.ts'
import { buildWorldWiring } from '../src/cli/run/buildWorldWiring.ts'
import { createWorld } from '../src/cli/run/createWorld.ts'
import type { Clock } from '../src/common/clock.ts'
import { silentLogger } from '../src/common/Logger.ts'
import { startDevnet } from '../src/devnet/startDevnet.ts'
import { createEngine } from '../src/engine/createEngine.ts'
import type { EngineEvent } from '../src/observe/engineEvents.ts'
import { loadConfig } from '../src/settings/loadConfig.ts'
import { openJournal } from '../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../src/store/sqlite/toJournalStore.ts'
import { builtInStrategies } from '../strategies/builtInStrategies.ts'
import type { BenchResult } from './run.ts'

/** Engine ticks run; the first WARMUP_TICKS are the warm-up the RSS growth is measured from. */
const TICKS = Number(process.env.FERRY_SOAK_TICKS ?? 10_000)
const WARMUP_TICKS = Math.min(1_000, Math.floor(TICKS / 10))
/** Ticks compared for a flat p99: the first and the last this many after the warm-up. */
const WINDOW_TICKS = Math.min(1_000, Math.floor(TICKS / 10))
/** RSS sampled every this many ticks; growth compares medians of a window of samples. */
const RSS_EVERY_TICKS = 10
const MAX_RSS_GROWTH = 0.1
const MAX_P99_DRIFT = 0.2
const DEMO_CONFIG = 'config/demo.yaml'

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!
}
const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b)

/**
 * A clock whose sleeps end at once and move it on by their length: the engine's wait for the
 * next due strategy takes no wall time, so ticks follow one another as fast as they run.
 */
function fastClock(startMs: number): Clock {
  let nowMs = startMs
  return {
    nowMs: () => nowMs,
    sleepMs: async (ms) => {
      nowMs += ms
    },
  }
}

/**
 * Soak: 10 000 engine ticks of the demo config's strategies (rebalance Arbitrum ↔ Base, the
 * Solana sweep, the paper arbitrage) against the embedded world (two anvil chains, litesvm, the
 * simulator), on a fast clock that jumps to each next due time. What runs: the demo as
 * `ferry run config/demo.yaml` runs it, in dry-run: every tick reads the balances of both EVM
 * chains and Solana over RPC, asks the simulator for its quotes over HTTP, runs the strategies'
 * plan and decide, the risk checks, and journals the tick, its quotes and the dry-run intents
 * to a SQLite journal on disk. Nothing is signed: 10 000 live orders would drain the devnet
 * wallets and take hours of receipts and fills, and a tick's memory (its snapshot, quotes,
 * events, the journal's statements, the api client's queues and the schedule) is the same in
 * a dry run, so a leak of the tick path still shows. Not covered: the send and tracking path.
 * Figures: RSS growth after the warm-up (median RSS of the last samples vs that right after the
 * warm-up; the process also holds the simulator and litesvm) and tick p99 of the first 1 000 vs
 * the last 1 000 ticks after the warm-up, beside the goals (< 10 %, within 20 %).
 * FERRY_SOAK_TICKS=N runs a shorter soak.
 */
export async function run(): Promise<BenchResult> {
  const { config } = loadConfig({ path: DEMO_CONFIG })
  const devnet = await startDevnet({
    evmChainIds: [42161, 8453],
    solana: true,
    solver: false,
    logger: silentLogger,
  })
  const dir = mkdtempSync(join(tmpdir(), 'ferry-soak-bench-'))
  const journal = openJournal(join(dir, 'journal.sqlite'))
  const clock = fastClock(Date.now())
  try {
    const api = createApiClient({
      apiUrl: devnet.sim.baseUrl,
      statsUrl: devnet.sim.statsUrl,
      // The fast clock would spend the demo's 50 a minute in a blink: the budget is not measured.
      requestsPerMinute: 1_000_000,
      retries: 0,
      logger: silentLogger,
    })
    const wiring = buildWorldWiring({
      config,
      env: {},
      configPath: DEMO_CONFIG,
      devnet,
      sending: false,
      strategies: builtInStrategies,
    })
    const world = createWorld({
      api,
      wiring,
      journal: toJournalStore(journal),
      clock,
      logger: silentLogger,
    })
    const tickMs: number[] = []
    const rssBytes: number[] = []
    let startedAt = 0
    let failedTicks = 0
    const emit = (e: EngineEvent): void => {
      if (e.type === 'tick') startedAt = performance.now()
      if (e.type === 'tickEnd') {
        tickMs.push(performance.now() - startedAt)
        if (e.failures > 0) failedTicks++
        if (tickMs.length % RSS_EVERY_TICKS === 0) rssBytes.push(process.memoryUsage.rss())
      }
    }
    const engine = createEngine({
      config,
      strategies: builtInStrategies,
      market: world.market,
      runner: world.runner,
      journal: toJournalStore(journal),
      clock,
      logger: silentLogger,
      emit,
    })
    const wallStartMs = performance.now()
    await engine.run({ ticks: TICKS, maxFailedTicks: TICKS + 1 })
    const wallS = (performance.now() - wallStartMs) / 1_000
    world.close()
    return report({ tickMs, rssBytes, failedTicks, wallS })
  } finally {
    journal.close()
    await devnet.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

function report(run: {
  tickMs: number[]
  rssBytes: number[]
  failedTicks: number
  wallS: number
}): BenchResult {
  const { tickMs, rssBytes } = run
  const warmSamples = WARMUP_TICKS / RSS_EVERY_TICKS
  const windowSamples = WINDOW_TICKS / RSS_EVERY_TICKS
  const median = (values: number[]): number => percentile(sorted(values), 50)
  const rssAfterWarmup = median(rssBytes.slice(warmSamples, warmSamples + windowSamples))
  const rssEnd = median(rssBytes.slice(-windowSamples))
  const growth = (rssEnd - rssAfterWarmup) / rssAfterWarmup
  const measured = tickMs.slice(WARMUP_TICKS)
  const p99First = percentile(sorted(measured.slice(0, WINDOW_TICKS)), 99)
  const p99Last = percentile(sorted(measured.slice(-WINDOW_TICKS)), 99)
  const drift = p99Last / p99First - 1
  const mb = (b: number): string => `${(b / 2 ** 20).toFixed(1)} MB`
  const pct = (v: number): string => `${(v * 100).toFixed(1)} %`
  console.log(
    `${tickMs.length} ticks in ${run.wallS.toFixed(0)} s (dry run, demo strategies, embedded world, fast clock); ${run.failedTicks} failed`,
  )
  console.log(
    `RSS after ${WARMUP_TICKS} warm-up ticks ${mb(rssAfterWarmup)}, at the end ${mb(rssEnd)}: growth ${pct(growth)}   goal < ${pct(MAX_RSS_GROWTH)}`,
  )
  console.log(
    `tick p99 first ${WINDOW_TICKS} ${p99First.toFixed(1)} ms, last ${WINDOW_TICKS} ${p99Last.toFixed(1)} ms: ${drift >= 0 ? '+' : ''}${pct(drift)}   goal within ±${pct(MAX_P99_DRIFT)}`,
  )
  console.log(
    `tick median ${percentile(sorted(measured), 50).toFixed(1)} ms over the ${measured.length} ticks after the warm-up`,
  )
  // The curve, for telling a leak (steady climb) from a cache filling up (a knee, then flat).
  const curve: string[] = []
  for (let from = 0; from + windowSamples <= rssBytes.length; from += windowSamples) {
    curve.push(mb(median(rssBytes.slice(from, from + windowSamples))).replace(' MB', ''))
  }
  console.log(`RSS per ${WINDOW_TICKS} ticks (median, MB): ${curve.join(' ')}`)
  const met =
    growth < MAX_RSS_GROWTH &&
    Math.abs(drift) <= MAX_P99_DRIFT &&
    run.failedTicks === 0 &&
    tickMs.length === TICKS
  return {
    name: `soak: ${tickMs.length} demo ticks (dry run, fast clock)`,
    target: `RSS growth ${pct(growth)} < ${pct(MAX_RSS_GROWTH)}; tick p99 ${p99First.toFixed(1)} → ${p99Last.toFixed(1)} ms (${pct(drift)}, within ±${pct(MAX_P99_DRIFT)}); ${run.failedTicks} failed ticks`,
    met,
  }
}
