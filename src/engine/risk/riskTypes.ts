/**
 * Risk vocabulary: the verdicts of the pure risk checks and what they may look at. Plain data, so
 * every `check*` stays pure (docs/architecture.md, "Decisions are pure").
 */

import type { Intent, MarketSnapshot } from '../../common/strategy/marketTypes.ts'

/**
 * Why an intent is dropped. Every member:
 * - `killSwitchEngaged`: the kill-switch file exists; no new intent until a human removes it (P-4.4).
 * - `notionalPerOrderExceeded`: notionalUsd above `maxNotionalUsdPerOrder` (P-4.2).
 * - `dailyNotionalExceeded`: today's notional plus this one above `maxNotionalUsdPerDay`, global
 *   or for the route (P-4.2).
 * - `costTooHigh`: quote.costBps above `maxCostBps` (P-7.9).
 * - `outputBelowUsdValue`: the guaranteed output's USD value under `minOutputVsUsdValueBps` of the
 *   input's (P-4.2).
 * - `priceImpactTooHigh`: the service's price impact above `maxPriceImpactBps`.
 * - `gasReserveBreached`: the native balance of the account paying the source chain's gas would
 *   fall under its gas reserve (P-4.3), or a Safe could not send the native value of the intent.
 * - `missingPrice`: a figure the check needs is not known, so it cannot pass safely.
 */
export type RejectReason =
  | 'killSwitchEngaged'
  | 'notionalPerOrderExceeded'
  | 'dailyNotionalExceeded'
  | 'costTooHigh'
  | 'outputBelowUsdValue'
  | 'priceImpactTooHigh'
  | 'gasReserveBreached'
  | 'missingPrice'

/**
 * Why an intent waits and is re-planned later. Every member:
 * - `routeCoolingDown`: the route failed less than `cooldownMsAfterFailure` ago (P-4.5); the delay
 *   is the rest of the cooldown.
 * - `inFlightBudgetFull`: in-flight value plus this one above `maxInFlightUsd`; capital frees up
 *   as orders fill (P-4.2).
 */
export type PostponeReason = 'routeCoolingDown' | 'inFlightBudgetFull'

/** The answer of every risk check: go, drop, or wait. Business outcomes are values, not throws. */
export type Verdict =
  | { kind: 'accept' }
  | { kind: 'reject'; reason: RejectReason; detail: string }
  | { kind: 'postpone'; reason: PostponeReason; delayMs: number; detail: string }

/**
 * Limits for one intent's route: the global `risk` section with the first matching
 * `risk.routes[]` entry laid over it (src/settings resolveRouteRiskLimits).
 */
export type RiskLimits = {
  maxNotionalUsdPerOrder: number
  maxNotionalUsdPerDay: number
  maxInFlightUsd: number
  maxCostBps: number
  minOutputVsUsdValueBps: number
  maxPriceImpactBps: number
  /** Native base units to keep per chain id, for cancels and fee bumps (P-4.3). */
  gasReserve: Readonly<Record<string, bigint>>
  cooldownMsAfterFailure: number
}

/** Everything a risk check may look at besides the intent; built by the engine each tick. */
export type RiskContext = {
  snapshot: MarketSnapshot
  /** The route's effective limits. */
  limits: RiskLimits
  /** The global limits; totals over all routes are held against these. */
  globalLimits: RiskLimits
  /** Notional sent in the last 24 h over all routes, USD (from the journal, survives restarts). */
  notionalUsdToday: number
  /** Notional sent in the last 24 h on this intent's route, USD. */
  routeNotionalUsdToday: number
  /** Value created but not yet filled or refunded, over all routes, USD. */
  inFlightUsd: number
  /** Value created but not yet filled or refunded on this intent's route, USD. */
  routeInFlightUsd: number
  /** Last failed or cancelled order on this route, ms since the epoch. */
  lastRouteFailureAtMs: number | undefined
  /** Whether the kill-switch file exists (read by the engine at the edge). */
  killSwitchEngaged: boolean
}

/** A risk check: pure, `(intent, context) => Verdict`. */
export type RiskCheck = (intent: Intent, context: RiskContext) => Verdict

/** The accept verdict. */
export function accept(): Verdict {
  return { kind: 'accept' }
}

/** A reject verdict with its documented reason and a human detail line. */
export function reject(reason: RejectReason, detail: string): Verdict {
  return { kind: 'reject', reason, detail }
}

/** A postpone verdict: try again after `delayMs`. */
export function postpone(reason: PostponeReason, delayMs: number, detail: string): Verdict {
  return { kind: 'postpone', reason, delayMs, detail }
}
