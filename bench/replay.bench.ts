import { performance } from 'node:perf_hooks'
import type { Strategy } from '../src/common/strategy/strategyContract.ts'
import type { RecordedQuote, RecordedTick } from '../src/replay/replayTypes.ts'
import { runReplay } from '../src/replay/runReplay.ts'
import { ferryConfigSchema } from '../src/settings/ferryConfigSchema.ts'
import { builtInStrategies } from '../strategies/builtInStrategies.ts'
import { CANNED_BALANCES, cannedQuote, roundTripStrategy } from './cannedMarket.ts'
import type { BenchResult } from './run.ts'

/** Quotes replayed: 1 000 ticks of 100 routes (50 round trips of two legs). */
const TICKS = 1_000
const ROUND_TRIPS = 50
const INTERVAL_MS = 60_000
/** The goal: recorded quotes fed through the strategies and risk checks per second. */
const GOAL_QUOTES_PER_S = 20_000

/**
 * `ferry replay`'s core (src/replay/runReplay) over a generated recording of 100 000 quotes: the
 * real arbitrage strategy plans its round trips every tick, gets the recorded quotes, decides
 * (each trip's first leg becomes an intent), and every intent meets the real risk checks over
 * the in-memory journal, in sent mode (simulated balances, in-flight orders, fills after 30 s).
 * Reading the journal is not timed. Prints quotes/s beside its goal.
 */
export async function run(): Promise<BenchResult> {
  const config = ferryConfigSchema.parse({
    risk: { maxNotionalUsdPerDay: 1e12, maxInFlightUsd: 1e12, maxNotionalUsdPerOrder: 1e12 },
    strategies: [roundTripStrategy(ROUND_TRIPS, INTERVAL_MS)],
  })
  const strategy = builtInStrategies.arbitrage!
  const params = strategy.paramsSchema.parse(config.strategies[0]!.params)
  const ticks: RecordedTick[] = []
  const quotes: RecordedQuote[] = []
  const t0 = 1_790_000_000_000
  for (let i = 0; i < TICKS; i++) {
    const tickMs = t0 + i * INTERVAL_MS
    ticks.push({ tickMs, strategies: ['bench'], balances: CANNED_BALANCES })
    const snapshot = { nowMs: tickMs, balances: CANNED_BALANCES, pricesUsd: {}, inFlight: [] }
    for (const request of strategy.plan(snapshot, params))
      quotes.push({ strategy: 'bench', tickMs, quote: cannedQuote(request, tickMs) })
  }
  const replay = () =>
    runReplay({
      config,
      strategies: builtInStrategies as Record<string, Strategy<never>>,
      recording: { ticks, quotes, actual: [] },
      mode: 'sent',
    })
  await replay() // warm-up
  const startMs = performance.now()
  const result = await replay()
  const tookMs = performance.now() - startMs
  if (result.quotesFed !== quotes.length) throw new Error('not every quote was fed')
  const accepted = result.decisions.filter((d) => d.verdict === 'accept').length
  const perS = (quotes.length / tookMs) * 1_000
  console.log(
    `${quotes.length} quotes in ${TICKS} ticks: ${tookMs.toFixed(0)} ms; ${result.decisions.length} intents through the risk checks (${accepted} accepted)`,
  )
  console.log(
    `replay: ${perS.toFixed(0)} quotes/s (goal >= ${GOAL_QUOTES_PER_S}) ${perS >= GOAL_QUOTES_PER_S ? 'met' : 'MISSED'}`,
  )
  return {
    name: 'replay of 100 000 generated quotes',
    target: `${perS.toFixed(0)} quotes/s, goal >= ${GOAL_QUOTES_PER_S}`,
    met: perS >= GOAL_QUOTES_PER_S,
  }
}
