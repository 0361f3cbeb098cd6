import type { MarketSnapshot, QuoteObservation } from '../common/strategy/marketTypes.ts'
import type { Strategy } from '../common/strategy/strategyContract.ts'
import { describeRoute } from '../observe/engineEvents.ts'
import type { JournalStore } from '../store/contract/JournalStore.ts'
import type { EngineMarket } from './engineMarket.ts'
import { type HandleIntentDeps, handleIntent, type IntentJournal } from './handleIntent.ts'
import { StrategyThrewError } from './StrategyThrewError.ts'
import { untilAborted } from './untilAborted.ts'

/** One strategy instance ready to run: its strategy and its params, parsed once at start. */
export type LoadedStrategy = { id: string; strategy: Strategy<unknown>; params: unknown }

/** How a strategy's turn went: its failed quotes (each also a `quoteFailed` event). */
export type StrategyTurn = {
  quoteFailures: number
  /** The first failed quote's one-line error. */
  firstError: string | undefined
}

/** What {@link runStrategy} works with: {@link HandleIntentDeps}, the quotes, the clock. */
export type RunStrategyDeps = Omit<HandleIntentDeps, 'journal'> & {
  journal: IntentJournal & Pick<JournalStore, 'activePostponements' | 'recordMarketQuotes'>
  market: HandleIntentDeps['market'] & Pick<EngineMarket, 'quote'>
  nowMs: () => number
}

/**
 * One strategy's turn in a tick: its pure `plan`, less the requests a risk check postponed and
 * whose delay has not run out, then quotes through the client's queues (every quote that came
 * back journaled for replay), its pure `decide` on them in plan order, the observations
 * journaled, and each intent handled in turn. `signal` (the tick's deadline, or a stop) aborts
 * the quotes still pending; a quote the deadline cut short counts as failed, blamed on the
 * service. A failed quote is reported
 * and counted, and the strategy still decides on the quotes it got.
 */
export async function runStrategy(
  deps: RunStrategyDeps,
  loaded: LoadedStrategy,
  snapshot: MarketSnapshot,
  signal?: AbortSignal,
): Promise<StrategyTurn> {
  const turn: StrategyTurn = { quoteFailures: 0, firstError: undefined }
  const { journal, market, emit } = deps
  const { id, strategy, params } = loaded
  const held = new Map(
    (await journal.activePostponements(snapshot.nowMs))
      .filter((p) => p.strategy === id)
      .map((p) => [p.requestId, p]),
  )
  const requests = callStrategy(loaded, 'plan', () => strategy.plan(snapshot, params)).filter(
    (request) => {
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
    },
  )
  const answered: (QuoteObservation | undefined)[] = requests.map(() => undefined)
  await Promise.all(
    requests.map(async (request, i) => {
      try {
        const quoting = market.quote(request, deps.nowMs(), signal)
        const quote = await (signal ? untilAborted(quoting, signal) : quoting)
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
        // The tick's deadline cut the quote short: the service is what did not answer in time.
        const message = isTimeout(error)
          ? "the service did not answer the quote within the tick's deadline (--tick-deadline-ms)"
          : firstLine(error)
        turn.quoteFailures++
        turn.firstError ??= message
        emit({ type: 'quoteFailed', strategy: id, requestId: request.requestId, error: message })
      }
    }),
  )
  // In plan order, whatever order the answers came in: decide sees what a replay sees.
  const quotes = answered.filter((q): q is QuoteObservation => q !== undefined)
  await journal.recordMarketQuotes(id, snapshot.nowMs, quotes)
  const { intents, observations } = callStrategy(loaded, 'decide', () =>
    strategy.decide(quotes, snapshot, params),
  )
  for (const o of observations) {
    await journal.recordObservation(id, o, o.atMs)
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
  return turn
}

const isTimeout = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'TimeoutError'

/** An error's own first line: a library's multi-line dump never reaches an event. */
function firstLine(error: unknown): string {
  const text =
    error instanceof Error
      ? ((error as Error & { shortMessage?: string }).shortMessage ?? error.message)
      : String(error)
  return text.split('\n')[0]!
}

/** Runs a strategy's own code; what it throws is named as the strategy's (StrategyThrewError). */
function callStrategy<T>(loaded: LoadedStrategy, stage: 'plan' | 'decide', call: () => T): T {
  try {
    return call()
  } catch (error) {
    throw new StrategyThrewError(loaded.id, loaded.strategy.name, stage, error)
  }
}
