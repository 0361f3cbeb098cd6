import { DAY_MS } from '../common/DAY_MS.ts'
import type { JournalStore } from '../store/contract/JournalStore.ts'

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
 * epoch): what the last check before signing judges against (the engine's first check uses the
 * tick's running totals, createTickRiskTotals).
 */
export async function readRiskTotals(
  journal: Pick<JournalStore, 'notionalUsdSince' | 'status'>,
  nowMs: number,
): Promise<RiskTotals> {
  return {
    dayByRoute: await journal.notionalUsdSince(nowMs - DAY_MS),
    inFlight: (await journal.status()).inFlight,
  }
}
