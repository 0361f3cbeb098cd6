import type { JournalStore } from '../store/contract/JournalStore.ts'
import { TERMINAL_INTENT_STATES } from '../store/contract/journalTypes.ts'
import type { InFlightNotional, RiskTotals } from './readRiskTotals.ts'

/** The risk totals of one tick: read once, kept current in memory as the tick sends intents. */
export type TickRiskTotals = {
  /** The totals: `readOnce` at the first call, then the running figures. */
  read(): Promise<RiskTotals>
  /**
   * Counts an intent handed to the runner (which journals it): against the daily caps, and in
   * flight until {@link TickRiskTotals.ran} sees it ended.
   */
  accepted(intent: InFlightNotional): Promise<void>
  /** The runner returned from an intent: ended in the journal, it no longer counts in flight. */
  ran(intentId: string): Promise<void>
}

/**
 * The engine's first risk checks judge every intent of a tick against totals read once per tick
 * (docs/operations.md §8.1) instead of once per intent: on a journal of years the 24 h sums were
 * the bulk of a check's cost. Intents that ended elsewhere during the tick (trackers) still
 * count until the next tick: an over-count only stops early. The last check before signing
 * still reads the journal itself.
 */
export function createTickRiskTotals(
  readOnce: () => Promise<RiskTotals>,
  journal: Pick<JournalStore, 'getIntent'>,
): TickRiskTotals {
  type Running = { dayByRoute: Map<string, number>; inFlight: InFlightNotional[] }
  let totals: Running | undefined
  // One read however many callers wait on it: a second one would drop what `accepted` counted.
  let reading: Promise<Running> | undefined
  const current = (): Promise<Running> => {
    reading ??= readOnce().then((read) => {
      totals = {
        dayByRoute: new Map(read.dayByRoute.map((r) => [r.route, r.notionalUsd])),
        inFlight: [...read.inFlight],
      }
      return totals
    })
    return reading
  }
  return {
    async read() {
      const { dayByRoute, inFlight } = await current()
      return {
        dayByRoute: [...dayByRoute].map(([route, notionalUsd]) => ({ route, notionalUsd })),
        inFlight,
      }
    },
    async accepted(intent) {
      const { dayByRoute, inFlight } = await current()
      dayByRoute.set(intent.route, (dayByRoute.get(intent.route) ?? 0) + intent.notionalUsd)
      inFlight.push(intent)
    },
    async ran(intentId) {
      if (totals === undefined) return
      const state = (await journal.getIntent(intentId))?.state
      if (state !== undefined && TERMINAL_INTENT_STATES.includes(state)) {
        totals.inFlight = totals.inFlight.filter((i) => i.id !== intentId)
      }
    },
  }
}
