import type { Intent, QuoteObservation, TokenBalance } from '../common/strategy/marketTypes.ts'
import type { Strategy } from '../common/strategy/strategyContract.ts'
import { readSnapshot } from '../engine/readSnapshot.ts'
import { type LoadedStrategy, type RunStrategyDeps, runStrategy } from '../engine/runStrategy.ts'
import { describeRoute, type EngineEvent } from '../observe/engineEvents.ts'
import { ConfigError } from '../settings/ConfigError.ts'
import { checkStrategyParams } from '../settings/checkStrategyParams.ts'
import type { DeepReadonly } from '../settings/deepFreeze.ts'
import type { FerryConfig } from '../settings/ferryConfigSchema.ts'
import { strategyKey } from '../settings/strategyKey.ts'
import { strategyParamsSchemas } from '../settings/strategyParamsSchemas.ts'
import { createReplayLedger } from './createReplayLedger.ts'
import { DEFAULT_FILL_DELAY_MS, fillDelayOf, fillDelays } from './fillDelays.ts'
import { fitQuoteToRequest } from './fitQuoteToRequest.ts'
import { addDelta, type BalanceDeltas, creditOf, debitsOf } from './intentBalanceDeltas.ts'
import { quoteCostUsd } from './quoteCostUsd.ts'
import type { ReplayDecision, ReplayMode, ReplayRecording, ReplayRun } from './replayTypes.ts'
import { simulatedBalances } from './simulatedBalances.ts'

/** Inputs of {@link runReplay}. */
export type RunReplayParams = {
  /** The config to replay under (its strategies, params and risk limits). */
  config: DeepReadonly<FerryConfig>
  /** The strategies by key, built-ins and modules, as `ferry run` loads them. */
  strategies: Readonly<Record<string, Strategy<never>>>
  recording: ReplayRecording
  mode: ReplayMode
  /** Fill delay of an order the journal has no delay for, ms. Default {@link DEFAULT_FILL_DELAY_MS}. */
  defaultFillDelayMs?: number
}

/**
 * Replays a recorded market through the real engine path: at each recorded tick (its time is the
 * clock), the instances that ran then and are in `config` plan (`runStrategy`, the same code as
 * `ferry run`), get the recorded quotes of their requests (a request not recorded fails, as an
 * unanswered quote does), decide, and each intent meets the real risk checks (`handleIntent`)
 * over an in-memory journal. `sent` mode simulates balances and in-flight orders (debited at the
 * intent, filled after the recorded delay); `paper` mode keeps the recorded balances, as a dry
 * run does. No network, no wall clock: the same recording and config give the same run.
 * @throws ConfigError when a strategy's params do not parse.
 */
export async function runReplay(params: RunReplayParams): Promise<ReplayRun> {
  const { config, recording, mode } = params
  const problems = checkStrategyParams(config, strategyParamsSchemas(params.strategies))
  if (problems.length > 0) throw new ConfigError('strategies', problems)
  const ledger = createReplayLedger()
  const delays = fillDelays(recording.actual)
  const defaultDelayMs = params.defaultFillDelayMs ?? DEFAULT_FILL_DELAY_MS
  const decided = new Map<string, Intent>()
  const decisions: ReplayDecision[] = []
  const filledAt = new Map<string, number>()
  const loaded = new Map<string, LoadedStrategy>()
  for (const s of config.strategies) {
    if (s.enabled === false) continue
    const strategy = params.strategies[strategyKey(s)] as Strategy<unknown>
    // The real decide; the intents it returns are kept by the id handleIntent gives them.
    const decide: Strategy<unknown>['decide'] = (quotes, snapshot, p) => {
      const result = strategy.decide(quotes, snapshot, p)
      for (const intent of result.intents)
        decided.set(`${s.id}:${intent.route.requestId}:${snapshot.nowMs}`, intent)
      return result
    }
    loaded.set(s.id, {
      id: s.id,
      strategy: { ...strategy, decide },
      params: strategy.paramsSchema.parse(s.params),
    })
  }

  const byTick = groupQuotes(recording.quotes)
  let current = new Map<string, QuoteObservation>()
  let quotesFed = 0
  let quotesMissing = 0
  let nowMs = 0
  let balances: TokenBalance[] = []
  const start = new Map<string, bigint>()
  const deltas: BalanceDeltas = new Map()

  const emit = (e: EngineEvent): void => {
    if (e.type !== 'decision') return
    const intent = decided.get(e.intentId)!
    const r = intent.route
    decisions.push({
      intentId: e.intentId,
      strategy: e.strategy,
      requestId: r.requestId,
      route: r.routeId,
      label: describeRoute(r),
      atMs: nowMs,
      amountIn: intent.amountIn,
      minAmountOut: intent.minAmountOut,
      notionalUsd: intent.notionalUsd,
      costBps: intent.quote.costBps,
      costUsd: quoteCostUsd(intent.quote),
      verdict: e.verdict as ReplayDecision['verdict'],
      check: e.check,
      reason: e.reason,
      filledAtMs: undefined,
    })
  }
  const deps: RunStrategyDeps = {
    config,
    journal: ledger,
    emit,
    nowMs: () => nowMs,
    market: {
      killSwitchEngaged: () => false,
      async quote(request) {
        const recorded = current.get(request.requestId)
        if (recorded === undefined) {
          quotesMissing++
          throw new Error('no recorded quote for this request in this tick')
        }
        quotesFed++
        return fitQuoteToRequest(recorded, request)
      },
    },
    runner: {
      sending: mode === 'sent',
      async run({ strategyId, intentId, intent }) {
        for (const d of debitsOf(intent)) addDelta(deltas, d.key, d.amount)
        const fillAtMs = nowMs + fillDelayOf(delays, intentId, intent.route.routeId, defaultDelayMs)
        filledAt.set(intentId, fillAtMs)
        ledger.add({
          fillAtMs,
          record: {
            id: intentId,
            strategy: strategyId,
            route: intent.route.routeId,
            params: {
              route: intent.route,
              amountIn: intent.amountIn,
              minAmountOut: intent.minAmountOut,
            },
            notionalUsd: intent.notionalUsd,
            state: 'created',
            reason: undefined,
            createdMs: nowMs,
            updatedMs: nowMs,
          },
        })
      },
    },
  }
  const market = { readBalances: async () => balances }

  for (const tick of recording.ticks) {
    nowMs = tick.tickMs
    ledger.setNowMs(nowMs)
    for (const filled of ledger.settle()) {
      const credit = creditOf(decided.get(filled.record.id)!, tick.balances)
      if (credit) addDelta(deltas, credit.key, credit.amount)
    }
    balances =
      mode === 'sent'
        ? simulatedBalances(tick.balances, start, deltas)
        : (tick.balances as TokenBalance[])
    const snapshot = await readSnapshot(market, ledger, nowMs, emit)
    const quotes = byTick.get(nowMs)
    for (const id of tick.strategies) {
      const instance = loaded.get(id)
      if (instance === undefined) continue
      current = quotes?.get(id) ?? new Map()
      await runStrategy(deps, instance, snapshot)
    }
  }
  for (const d of decisions) d.filledAtMs = filledAt.get(d.intentId)
  return { mode, ticks: recording.ticks.length, quotesFed, quotesMissing, decisions }
}

/** Recorded quotes by tick, then strategy instance, then request id. */
function groupQuotes(
  quotes: ReplayRecording['quotes'],
): Map<number, Map<string, Map<string, QuoteObservation>>> {
  const byTick = new Map<number, Map<string, Map<string, QuoteObservation>>>()
  for (const q of quotes) {
    const tick = byTick.get(q.tickMs) ?? new Map<string, Map<string, QuoteObservation>>()
    byTick.set(q.tickMs, tick)
    const of = tick.get(q.strategy) ?? new Map<string, QuoteObservation>()
    tick.set(q.strategy, of)
    of.set(q.quote.request.requestId, q.quote)
  }
  return byTick
}
