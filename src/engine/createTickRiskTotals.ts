import { TERMINAL_INTENT_STATES } from '../store/journalTypes.ts'
import type { Journal } from '../store/openJournal.ts'
import type { InFlightNotional, RiskTotals } from './readRiskTotals.ts'

/** The risk totals of one tick: read once, kept current in memory as the tick sends intents. */
export type TickRiskTotals = {
  /** The totals: `readOnce` at the first call, then the running figures. */
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
 * The engine's first risk checks judge every intent of a tick against totals read once per tick
 * (docs/operations.md §8.1) instead of once per intent: on a journal of years the 24 h sums were
 * the bulk of a check's cost. Intents that ended elsewhere during the tick (trackers) still
 * count until the next tick: an over-count only stops early. The last check before signing
 * still reads the journal itself.
 */
export function createTickRiskTotals(
  readOnce: () => RiskTotals,
  journal: Pick<Journal, 'getIntent'>,
): TickRiskTotals {
  let totals: { dayByRoute: Map<string, number>; inFlight: InFlightNotional[] } | undefined
  const current = () => {
    if (totals === undefined) {
      const read = readOnce()
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
