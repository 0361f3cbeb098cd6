import type { MarketSnapshot, QuoteObservation } from '../common/strategy/marketTypes.ts'
import type { Strategy } from '../common/strategy/strategyContract.ts'
import { describeRoute } from '../observe/engineEvents.ts'
import type { Journal } from '../store/openJournal.ts'
import type { EngineMarket } from './engineMarket.ts'
import { type HandleIntentDeps, handleIntent, type IntentJournal } from './handleIntent.ts'

/** One strategy instance ready to run: its strategy and its params, parsed once at start. */
export type LoadedStrategy = { id: string; strategy: Strategy<unknown>; params: unknown }

/** What {@link runStrategy} works with: {@link HandleIntentDeps}, the quotes, the clock. */
export type RunStrategyDeps = Omit<HandleIntentDeps, 'journal'> & {
  journal: IntentJournal & Pick<Journal, 'activePostponements' | 'recordMarketQuotes'>
  market: HandleIntentDeps['market'] & Pick<EngineMarket, 'quote'>
  nowMs: () => number
}

/**
 * One strategy's turn in a tick: its pure `plan`, less the requests a risk check postponed and
 * whose delay has not run out, then quotes through the client's queues (every quote that came
 * back journaled for replay), its pure `decide` on them in plan order, the observations
 * journaled, and each intent handled in turn.
 */
export async function runStrategy(
  deps: RunStrategyDeps,
  loaded: LoadedStrategy,
  snapshot: MarketSnapshot,
): Promise<void> {
  const { journal, market, emit } = deps
  const { id, strategy, params } = loaded
  const held = new Map(
    journal
      .activePostponements(snapshot.nowMs)
      .filter((p) => p.strategy === id)
      .map((p) => [p.requestId, p]),
  )
  const requests = strategy.plan(snapshot, params).filter((request) => {
    const p = held.get(request.requestId)
    if (p) {
      emit({
        type: 'held',
        strategy: id,
        requestId: request.requestId,
        reason: p.reason,
        untilMs: p.untilMs,
      })
    }
    return p === undefined
  })
  const answered: (QuoteObservation | undefined)[] = requests.map(() => undefined)
  await Promise.all(
    requests.map(async (request, i) => {
      try {
        const quote = await market.quote(request, deps.nowMs())
        answered[i] = quote
        emit({
          type: 'quote',
          strategy: id,
          requestId: request.requestId,
          route: describeRoute(request),
          amountIn: quote.amountIn.toString(),
          amountOut: quote.amountOut.toString(),
          costBps: Math.round(quote.costBps * 100) / 100,
        })
      } catch (error) {
        emit({
          type: 'quoteFailed',
          strategy: id,
          requestId: request.requestId,
          error: (error as Error).message.split('\n')[0]!,
        })
      }
    }),
  )
  // In plan order, whatever order the answers came in: decide sees what a replay sees.
  const quotes = answered.filter((q): q is QuoteObservation => q !== undefined)
  journal.recordMarketQuotes(id, snapshot.nowMs, quotes)
  const { intents, observations } = strategy.decide(quotes, snapshot, params)
  for (const o of observations) {
    journal.recordObservation(id, o, o.atMs)
    emit({
      type: 'observation',
      strategy: id,
      kind: o.kind,
      valueBps: o.valueBps,
      thresholdBps: o.thresholdBps,
      acted: o.acted,
      note: o.note,
    })
  }
  for (const intent of intents) await handleIntent(deps, id, intent, snapshot)
}
