import type { TokenBalance } from '../../../src/common/strategy/marketTypes.ts'
import type {
  ActualIntent,
  RecordedQuote,
  RecordedTick,
  ReplayRecording,
} from '../../../src/replay/replayTypes.ts'
import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'
import { rebalanceConfig } from '../engine/engineFixture.ts'
import { buildQuote, buildSnapshot, usdc } from '../strategies/buildStrategyFixture.ts'

export const T0 = 1_700_000_000_000

/** The fixture's rebalance instance ('usdc': 1 000 USDC 42161 → 8453 wanted). */
export function fixtureStrategy() {
  const config = rebalanceConfig()
  const strategy = builtInStrategies.rebalance!
  return { config, strategy, params: strategy.paramsSchema.parse(config.strategies[0]!.params) }
}

/**
 * A recording of `ticks` ticks 1 s apart: 3 000 USDC on 42161, 1 000 on 8453 each time, and the
 * rebalance's one request quoted at `costBps` each tick (as the live engine would have).
 */
export function recordingOf(options: { ticks: number; costBps?: number }): ReplayRecording {
  const { strategy, params } = fixtureStrategy()
  const balances: TokenBalance[] = [usdc(42161, 3_000_000_000n), usdc(8453, 1_000_000_000n)]
  const ticks: RecordedTick[] = []
  const quotes: RecordedQuote[] = []
  for (let i = 0; i < options.ticks; i++) {
    const tickMs = T0 + i * 1_000
    ticks.push({ tickMs, strategies: ['usdc'], balances })
    for (const request of strategy.plan(buildSnapshot(balances, tickMs), params)) {
      const out = (request.amountIn * BigInt(10_000 - (options.costBps ?? 10))) / 10_000n
      quotes.push({ strategy: 'usdc', tickMs, quote: buildQuote(request, out) })
    }
  }
  return { ticks, quotes, actual: [] }
}

/** The dry runs a paper run of {@link recordingOf} journaled: one intent per tick. */
export function dryRunsOf(recording: ReplayRecording): ActualIntent[] {
  return recording.quotes.map((q) => ({
    intentId: `usdc:${q.quote.request.requestId}:${q.tickMs}`,
    strategy: 'usdc',
    route: q.quote.request.routeId,
    atMs: q.tickMs,
    amountIn: q.quote.amountIn,
    notionalUsd: q.quote.amountInUsd,
    costUsd: (q.quote.amountInUsd * q.quote.costBps) / 10_000,
    outcome: 'dryRun',
    fillDelayMs: undefined,
  }))
}
