import type { z } from 'zod'
import type {
  Intent,
  MarketSnapshot,
  QuoteObservation,
  RouteRequest,
  StrategyObservation,
} from './marketTypes.ts'

// A user's strategy module imports every type it needs from here (`ferry/strategy`).
export type {
  ComparedAggregatorQuote,
  CostKind,
  CrossChainRouteRequest,
  EngineChainId,
  InFlightIntent,
  Intent,
  IntentHook,
  MarketSnapshot,
  QuoteObservation,
  RouteRequest,
  StrategyObservation,
  SwapRouteRequest,
  TokenBalance,
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
  /** The name config files use in `strategies[].name` (a plugin's: its own, shown in output). */
  name: string
  /** Validates `strategies[].params`; errors carry ` — fix: …` like the settings schemas. */
  paramsSchema: z.ZodType<P>
  /**
   * The JSON Schema of the params, for `ferry config schema`. Default: converted from
   * {@link paramsSchema}; a plugin's loader sets it from what the module exports.
   */
  paramsJsonSchema?: JsonSchemaObject
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

/** A JSON Schema (draft 2020-12, or draft-07 when its `$schema` says so), as a plain object. */
export type JsonSchemaObject = { readonly [keyword: string]: unknown }

/** One problem a params schema reports: where inside the params, and what. */
export type ParamsIssue = { readonly path: readonly PropertyKey[]; readonly message: string }

/**
 * A params schema from any copy of zod (3 or 4): ferry calls only its `safeParse`, and reports
 * each issue's path and message (a message may end in ` — fix: remedy`).
 */
export type ParamsSchemaLike<P> = {
  safeParse(
    input: unknown,
  ): { success: true; data: P } | { success: false; error: { issues: readonly ParamsIssue[] } }
}

/**
 * What a strategy module of the user's own exports as `strategy` (strategies/README.md, "Your own
 * strategy"): `name`, the pure `plan`, `decide` and `tokens` of {@link Strategy}, and exactly one
 * params schema: `paramsSchema`, a zod schema (params are its output), or `paramsJsonSchema`, a
 * JSON Schema (params are the JSON as written, with the schema's defaults filled in).
 *
 * @typeParam P the params as `plan`, `decide` and `tokens` receive them.
 */
export type StrategyPlugin<P> = Pick<Strategy<P>, 'name' | 'plan' | 'decide' | 'tokens'> &
  (
    | { paramsSchema: ParamsSchemaLike<P>; paramsJsonSchema?: undefined }
    | { paramsJsonSchema: JsonSchemaObject; paramsSchema?: undefined }
  )
