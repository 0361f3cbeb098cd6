import type { z } from 'zod'
import type {
  Intent,
  MarketSnapshot,
  QuoteObservation,
  RouteRequest,
  StrategyObservation,
} from './marketTypes.ts'

/** What {@link Strategy.decide} returns: intents to run through the risk checks, and what it saw. */
export type DecideResult = {
  intents: Intent[]
  /** One entry per quote judged, acted on or not (journaled for later analysis). */
  observations: StrategyObservation[]
}

/** A token by chain and address, as a strategy's params write it. */
export type TokenRef = { chainId: number; token: string }

/**
 * The tokens a strategy instance can make ferry give (leave the wallet) or take (arrive), from
 * its params alone: live mode refuses to start unless each has a trusted price (safety P-8.8).
 */
export type StrategyTokens = { gives: TokenRef[]; takes: TokenRef[] }

/**
 * The contract of a strategy (strategies/README.md). Both functions are pure: no network, no
 * `Date.now()` (time is `snapshot.nowMs`), no `process.env`, no randomness. Given the same inputs
 * they return the same outputs, so a tick can be replayed from the journal.
 *
 * @typeParam P the parsed params (the output of {@link Strategy.paramsSchema}).
 */
export type Strategy<P> = {
  /** The name config files use in `strategies[].name`. */
  name: string
  /** Validates `strategies[].params`; errors carry ` — fix: …` like the settings schemas. */
  paramsSchema: z.ZodType<P>
  /** Which routes to quote this tick, from balances and params. Empty = nothing to do. */
  plan(snapshot: MarketSnapshot, params: P): RouteRequest[]
  /**
   * Judges the quotes of this tick's plan (those that came back; failed quotes are absent) and
   * returns intents plus an observation per quote.
   */
  decide(quotes: readonly QuoteObservation[], snapshot: MarketSnapshot, params: P): DecideResult
  /**
   * Every token an intent of this instance can give or take, whatever the balances. An instance
   * that never emits an intent (arbitrage in paper mode) gives and takes nothing. Pure.
   */
  tokens(params: P): StrategyTokens
}
