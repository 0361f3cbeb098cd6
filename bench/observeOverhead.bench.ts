import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createManualClock } from '../src/common/clock.ts'
import { silentLogger } from '../src/common/Logger.ts'
import type { Engine } from '../src/engine/createEngine.ts'
import { ALERT_KINDS, type AlertKind } from '../src/observe/alertTypes.ts'
import { createAlerter } from '../src/observe/createAlerter.ts'
import { createFerryMetrics } from '../src/observe/createFerryMetrics.ts'
import type { EngineEvent } from '../src/observe/engineEvents.ts'
import { type EngineObserver, fanOutEvents } from '../src/observe/fanOutEvents.ts'
import { ferryConfigSchema } from '../src/settings/ferryConfigSchema.ts'
import { openJournal } from '../src/store/sqlite/openJournal.ts'
import { createTestEngine, type FakeWorld } from '../test/helpers/createTestEngine.ts'
import { CANNED_BALANCES, cannedQuote, roundTripStrategy } from './cannedMarket.ts'
import type { BenchResult } from './run.ts'

const ORDER_ID = `0x${'ab'.repeat(32)}`
const TX_HASH = `0x${'cd'.repeat(32)}`

/** Round trips per tick: each gives 2 quotes, 1 observation and 1 intent sent and tracked. */
const ROUND_TRIPS = 10
const WARMUP_TICKS = 20
const MEASURED_TICKS = 200
/** Rounds, each with fresh journals: a journal's growth slows its ticks down over a round. */
const ROUNDS = 3
/** One scrape per this many ticks per side (Prometheus every 15 s, a tick a minute here). */
const TICKS_PER_SCRAPE = 1
const INTERVAL_MS = 60_000
/** Issue 7's target: metrics and alert hooks add less than this to a tick's median time. */
const MAX_OVERHEAD_PCT = 5

/**
 * The in-memory world: balances and quotes at once, and every intent "sent": an approval, a
 * broadcast and a created order, then tracked to its fill and hook at once, so every event the
 * observers count flows through each tick.
 */
const world: FakeWorld = {
  sending: true,
  readBalances: async () => CANNED_BALANCES,
  quote: async (request, nowMs) => cannedQuote(request, nowMs),
  async execute(intent, intentId, emit) {
    const chainId = intent.route.kind === 'crossChain' ? intent.route.srcChainId : 42161
    emit({ type: 'approval', intentId, chainId, actions: ['approve'] })
    emit({ type: 'sent', intentId, chainId, hash: TX_HASH })
    emit({ type: 'created', intentId, orderId: ORDER_ID, chainId })
    return {
      kind: 'created',
      orderId: ORDER_ID,
      srcChainId: chainId,
      dstChainId: 8453,
      hasHook: true,
    }
  },
  settle: async () => ({ kind: 'failed', detail: 'the bench world has nothing to settle' }),
  followRefund: async () => ({ state: 'failed', detail: 'the bench world never cancels' }),
  async track(order, emit) {
    const { intentId, orderId } = order
    emit({ type: 'filled', intentId, orderId, chainId: 8453, txHash: TX_HASH, amountOut: '1' })
    emit({ type: 'hook', intentId, orderId, steps: [{ stepNumber: 0, status: 'Executed' }] })
    return { state: 'completed', detail: 'hook executed' }
  },
  killSwitchEngaged: () => false,
  engageKillSwitch: () => false,
}

const config = ferryConfigSchema.parse({
  risk: {
    maxNotionalUsdPerOrder: 1e12,
    maxNotionalUsdPerDay: 1e15,
    maxInFlightUsd: 1e15,
    maxCostBps: 10_000,
    minOutputVsUsdValueBps: 0,
    maxPriceImpactBps: 10_000,
  },
  strategies: [roundTripStrategy(ROUND_TRIPS, INTERVAL_MS)],
})

type Side = { engine: Engine; clock: ReturnType<typeof createManualClock>; times: number[] }

/** What one round measured, ms. */
type Round = {
  off: number[]
  on: number[]
  /** Time spent inside the metrics observer and inside the alerter, summed over the round. */
  insideMetricsMs: number
  insideAlertsMs: number
  /** Each scrape's time (counting the events since the last one, then rendering the text). */
  scrapesMs: number[]
  alertsPosted: number
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!
}

const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b)
const sum = (values: number[]): number => values.reduce((total, v) => total + v, 0)

/** One round: fresh journals and observers, WARMUP_TICKS + MEASURED_TICKS alternated ticks. */
async function measureRound(base: string): Promise<Round> {
  const dir = mkdtempSync(join(base, 'ferry-observe-bench-'))
  const journalOff = openJournal(join(dir, 'off.sqlite'))
  const journalOn = openJournal(join(dir, 'on.sqlite'))
  // The stand-in for `ferry run`'s JSON printer, in both: serialising is part of every run.
  let printed = 0
  const print: EngineObserver = (event) => {
    printed += JSON.stringify(event).length
  }
  const start = Date.now()
  const clockOff = createManualClock(start)
  const clockOn = createManualClock(start)
  const metrics = createFerryMetrics({
    clock: clockOn,
    readInFlightUsd: () => journalOn.status().inFlightUsd,
  })
  let alertsPosted = 0
  const alerter = createAlerter({
    destinations: [
      {
        format: 'generic',
        url: 'http://127.0.0.1:9/bench',
        chatId: undefined,
        name: 'bench',
        secrets: [],
      },
    ],
    rules: {
      minIntervalMs: Object.fromEntries(ALERT_KINDS.map((k) => [k, 60_000])) as Record<
        AlertKind,
        number
      >,
      consecutiveFailures: 3,
      gasReserve: { '42161': 10n ** 16n, '8453': 10n ** 16n },
      knownSecrets: [],
    },
    logger: silentLogger,
    clock: clockOn,
    // No network: the webhook answers at once.
    fetch: async () => {
      alertsPosted++
      return new Response('ok')
    },
  })
  let insideMetricsMs = 0
  let insideAlertsMs = 0
  // Timing each call adds two performance.now() per event to the "on" side: it errs against it.
  const timed =
    (observe: EngineObserver, add: (ms: number) => void): EngineObserver =>
    (event) => {
      const startMs = performance.now()
      observe(event)
      add(performance.now() - startMs)
    }
  const side = (
    clock: ReturnType<typeof createManualClock>,
    journal: typeof journalOn,
    observers: EngineObserver[],
  ): Side => ({
    clock,
    times: [],
    engine: createTestEngine({
      config,
      world,
      journal,
      clock,
      logger: silentLogger,
      emit: fanOutEvents(observers, silentLogger) as (event: EngineEvent) => void,
    }),
  })
  const off = side(clockOff, journalOff, [print])
  const on = side(clockOn, journalOn, [
    print,
    timed(metrics.observe, (ms) => {
      insideMetricsMs += ms
    }),
    timed(alerter.observe, (ms) => {
      insideAlertsMs += ms
    }),
  ])
  const tickOnce = async (s: Side, measured: boolean): Promise<void> => {
    s.clock.advanceMs(INTERVAL_MS)
    const startMs = performance.now()
    await s.engine.tick()
    // The tracking jobs run on: let them finish (their events and journal writes) in the time.
    await new Promise((resolve) => setImmediate(resolve))
    if (measured) s.times.push(performance.now() - startMs)
  }
  const scrapesMs: number[] = []
  try {
    for (let i = 0; i < WARMUP_TICKS + MEASURED_TICKS; i++) {
      const measured = i >= WARMUP_TICKS
      const [first, second] = i % 2 === 0 ? [off, on] : [on, off]
      await tickOnce(first, measured)
      await tickOnce(second, measured)
      // Prometheus scrapes between ticks, as it does in a run (every 15 s; a tick a minute here).
      if (i % TICKS_PER_SCRAPE === 0) {
        const startMs = performance.now()
        await metrics.registry.metrics()
        scrapesMs.push(performance.now() - startMs)
      }
    }
    await alerter.close({ deadlineMs: 1_000 })
    const created = await metrics.registry.getSingleMetricAsString('ferry_orders_created_total')
    if (printed === 0 || !created.includes('strategy="bench"'))
      throw new Error('the observers saw nothing')
  } finally {
    journalOff.close()
    journalOn.close()
    rmSync(dir, { recursive: true, force: true })
  }
  return {
    off: off.times,
    on: on.times,
    insideMetricsMs,
    insideAlertsMs,
    scrapesMs,
    alertsPosted,
  }
}

/**
 * Tick time with ferry's observers on vs off, side by side in one process:
 * two engines over the same in-memory world, each with its own journal, ticked alternately (the
 * order swapped every tick) so drift, load and the journals' growth hit both alike. "Off" fans
 * events out to the JSON printer's stand-in only; "on" adds the Prometheus metrics
 * (createFerryMetrics, scraped every TICKS_PER_SCRAPE ticks, between ticks) and the alerter
 * (createAlerter, one webhook whose fetch answers at once: no network). A tick runs the engine's
 * work, the journal's writes (WAL, synchronous=FULL, on tmpfs when there is one, so fsyncs do not
 * hide the observers' cost) and the tracking of its orders. ROUNDS rounds, samples pooled.
 * Prints both medians and p90s (ms), the overhead of the medians, the median of the paired
 * on/off ratios, the time spent inside each observer per tick, and the scrape time.
 */
export async function run(): Promise<BenchResult> {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir()
  const rounds: Round[] = []
  for (let r = 0; r < ROUNDS; r++) rounds.push(await measureRound(base))
  const off = rounds.flatMap((r) => r.off)
  const on = rounds.flatMap((r) => r.on)
  const ticks = off.length
  const medianOff = percentile(sorted(off), 50)
  const medianOn = percentile(sorted(on), 50)
  const overheadPct = ((medianOn - medianOff) / medianOff) * 100
  const pairedPct = (percentile(sorted(on.map((t, i) => t / off[i]!)), 50) - 1) * 100
  const metricsPerTickMs = sum(rounds.map((r) => r.insideMetricsMs)) / ticks
  const alertsPerTickMs = sum(rounds.map((r) => r.insideAlertsMs)) / ticks
  const scrapes = sorted(rounds.flatMap((r) => r.scrapesMs))
  console.log(
    `${ROUNDS} rounds of ${MEASURED_TICKS} ticks per side after ${WARMUP_TICKS} warm-up, alternated; ` +
      `${ROUND_TRIPS} intents sent and tracked per tick; journal on ${base}; ` +
      `${sum(rounds.map((r) => r.alertsPosted))} alerts posted`,
  )
  console.log('observers                      median ms   p90 ms')
  console.log(
    `off (JSON printer only)        ${medianOff.toFixed(3).padStart(9)}   ${percentile(sorted(off), 90).toFixed(3).padStart(6)}`,
  )
  console.log(
    `on (+ metrics + alerts)        ${medianOn.toFixed(3).padStart(9)}   ${percentile(sorted(on), 90).toFixed(3).padStart(6)}`,
  )
  console.log(`overhead of the medians: ${overheadPct.toFixed(2)} %`)
  console.log(`median of the paired on/off ratios: ${pairedPct.toFixed(2)} %`)
  console.log(
    `inside the observers per tick: metrics ${metricsPerTickMs.toFixed(3)} ms ` +
      `(${((metricsPerTickMs / medianOff) * 100).toFixed(2)} % of a tick), ` +
      `alerts ${alertsPerTickMs.toFixed(3)} ms (${((alertsPerTickMs / medianOff) * 100).toFixed(2)} %)`,
  )
  console.log(
    `scrape every ${TICKS_PER_SCRAPE} ticks (counts the events since the last, off the tick): ` +
      `median ${percentile(scrapes, 50).toFixed(3)} ms, p90 ${percentile(scrapes, 90).toFixed(3)} ms`,
  )
  return {
    name: 'metrics and alert observers: tick time overhead',
    target: `median ${medianOn.toFixed(2)} ms on vs ${medianOff.toFixed(2)} ms off: ${overheadPct.toFixed(1)} % (< ${MAX_OVERHEAD_PCT} %)`,
    met: overheadPct < MAX_OVERHEAD_PCT,
  }
}
