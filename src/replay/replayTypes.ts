/**
 * The vocabulary of `ferry replay`: what it reads from a journal and what it answers. Plain data
 * (bigint base units, `*Usd`, `*Bps`, `*Ms`), so the core stays pure and its output stable.
 */

import type { QuoteObservation, TokenBalance } from '../common/strategy/marketTypes.ts'
import type { IntentState } from '../store/contract/journalTypes.ts'

/** One recorded tick: when, which strategy instances ran, the balances they saw. */
export type RecordedTick = {
  tickMs: number
  strategies: readonly string[]
  balances: readonly TokenBalance[]
}

/** One recorded quote, fed back to the strategy instance that asked for it, in its tick. */
export type RecordedQuote = { strategy: string; tickMs: number; quote: QuoteObservation }

/** How an intent of the journal ended up: sent (its state) or a dry run. */
export type ActualOutcome = 'dryRun' | IntentState

/** An intent the journal holds: sent (an `intents` row) or accepted in a dry run. */
export type ActualIntent = {
  /** `strategy:requestId:tickMs`, the engine's id. */
  intentId: string
  strategy: string
  /** The route key risk limits count under. */
  route: string
  atMs: number
  amountIn: bigint
  notionalUsd: number
  /** Full cost at the decision quote, USD; undefined when its quote is not in the journal. */
  costUsd: number | undefined
  outcome: ActualOutcome
  /** From the intent to its fill, ms; undefined when it did not fill (or was a dry run). */
  fillDelayMs: number | undefined
}

/** Everything a replay reads from a journal, in a window. */
export type ReplayRecording = {
  ticks: readonly RecordedTick[]
  quotes: readonly RecordedQuote[]
  actual: readonly ActualIntent[]
}

/**
 * How accepted intents are simulated. `paper`: as `ferry record` and dry runs do (nothing moves,
 * balances are the recorded ones). `sent`: each moves the simulated balances and stays in flight
 * until its fill.
 */
export type ReplayMode = 'paper' | 'sent'

/** One decision of the replay: an intent of a strategy and the risk checks' verdict on it. */
export type ReplayDecision = {
  intentId: string
  strategy: string
  requestId: string
  route: string
  /** Human route, e.g. `42161:0xaf88…→8453:0x8335…`. */
  label: string
  atMs: number
  amountIn: bigint
  minAmountOut: bigint
  notionalUsd: number
  /** NaN when the quote had no USD figures. */
  costBps: number
  /** Full cost, USD: input value − output value + native cost, at the recorded quote. */
  costUsd: number
  verdict: 'accept' | 'reject' | 'postpone'
  /** The check that refused or postponed it. */
  check: string | undefined
  reason: string | undefined
  /** When the simulated order filled (sent mode), ms. */
  filledAtMs: number | undefined
}

/** What one replay did. */
export type ReplayRun = {
  mode: ReplayMode
  ticks: number
  /** Recorded quotes the strategies received. */
  quotesFed: number
  /** Requests the strategies planned that the recording has no quote for (treated as failed). */
  quotesMissing: number
  decisions: ReplayDecision[]
}
