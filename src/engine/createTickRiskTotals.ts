import { TERMINAL_INTENT_STATES } from '../store/journalTypes.ts'
import type { Journal } from '../store/openJournal.ts'
import { type InFlightNotional, type RiskTotals, readRiskTotals } from './readRiskTotals.ts'

/** The risk totals of one tick: read once, kept current in memory as the tick sends intents. */
export type TickRiskTotals = {
  /** The totals: read from the journal at the first call, then the running figures. */
  read(): RiskTotals
  /**
   * Counts an intent handed to the runner (which journals it): against the daily caps, and in
   * flight until {@link TickRiskTotals.ran} sees it ended.
   */
  accepted(intent: InFlightNotional): void
  /** The runner returned from an intent: ended in the journal, it no longer counts in flight. */
  ran(intentId: string): void
}

/**
 * The engine's first risk check reads the journal's 24 h totals once per tick instead of once per
 * intent (docs/operations.md §8.1): on a journal of years they are the bulk of a check's cost.
 * Intents that ended elsewhere during the tick (trackers) still count until the next tick: an
 * over-count only stops early. The last check before signing still reads the journal itself.
 */
export function createTickRiskTotals(
  journal: Pick<Journal, 'notionalUsdSince' | 'status' | 'getIntent'>,
  nowMs: number,
): TickRiskTotals {
  let totals: { dayByRoute: Map<string, number>; inFlight: InFlightNotional[] } | undefined
  const current = () => {
    if (totals === undefined) {
      const read = readRiskTotals(journal, nowMs)
      totals = {
        dayByRoute: new Map(read.dayByRoute.map((r) => [r.route, r.notionalUsd])),
        inFlight: [...read.inFlight],
      }
    }
    return totals
  }
  return {
    read() {
      const { dayByRoute, inFlight } = current()
      return {
        dayByRoute: [...dayByRoute].map(([route, notionalUsd]) => ({ route, notionalUsd })),
        inFlight,
      }
    },
    accepted(intent) {
      const { dayByRoute, inFlight } = current()
      dayByRoute.set(intent.route, (dayByRoute.get(intent.route) ?? 0) + intent.notionalUsd)
      inFlight.push(intent)
    },
    ran(intentId) {
      if (totals === undefined) return
      const state = journal.getIntent(intentId)?.state
      if (state !== undefined && TERMINAL_INTENT_STATES.includes(state)) {
        totals.inFlight = totals.inFlight.filter((i) => i.id !== intentId)
      }
    },
  }
}
