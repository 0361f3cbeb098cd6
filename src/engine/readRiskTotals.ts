import type { Journal } from '../store/openJournal.ts'

const DAY_MS = 86_400_000

/** An intent as the in-flight caps count it. */
export type InFlightNotional = { id: string; route: string; notionalUsd: number }

/** The journal's totals the risk checks judge an intent against. */
export type RiskTotals = {
  /** Notional (USD) per route of every intent journaled in the 24 h before the window's end. */
  dayByRoute: readonly { route: string; notionalUsd: number }[]
  /** The intents not yet ended, whatever their route. */
  inFlight: readonly InFlightNotional[]
}

/**
 * Reads {@link RiskTotals} from the journal for the 24 h window ending at `nowMs` (ms since the
 * epoch): two sums over the journal's index, the cost a large journal adds to a risk check.
 */
export function readRiskTotals(
  journal: Pick<Journal, 'notionalUsdSince' | 'status'>,
  nowMs: number,
): RiskTotals {
  return {
    dayByRoute: journal.notionalUsdSince(nowMs - DAY_MS),
    inFlight: journal.status().inFlight,
  }
}
