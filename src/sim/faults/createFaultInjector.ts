import type { SeededRandom } from '../random/createSeededRandom.ts'
import type { FaultKnobs } from './faultKnobsSchema.ts'

/** The faults chosen for one request. At most one of the first three is set. */
export type FaultDecision = {
  serverError: boolean
  errorId: boolean
  malformedJson: boolean
  /** Re-serve a cached quote if there is one (quote endpoints only). */
  staleQuote: boolean
}

/** Draws the faults of each request from the knobs and a seeded random source. */
export type FaultInjector = {
  readonly knobs: FaultKnobs
  decide(): FaultDecision
}

/**
 * Creates the fault injector. Every request draws exactly four numbers, whatever the knobs, so a
 * seed gives the same fault sequence for the same request sequence. A 5xx wins over a
 * 200-with-errorId, which wins over malformed JSON.
 */
export function createFaultInjector(knobs: FaultKnobs, random: SeededRandom): FaultInjector {
  return {
    knobs,
    decide() {
      const serverError = random() < knobs.serverErrorRate
      const errorId = !serverError && random() < knobs.errorIdRate
      const malformedJson = !serverError && !errorId && random() < knobs.malformedJsonRate
      // Draw the skipped numbers too, so the sequence does not depend on earlier outcomes.
      if (serverError) random()
      if (serverError || errorId) random()
      const staleQuote = random() < knobs.staleQuoteRate
      return { serverError, errorId, malformedJson, staleQuote }
    },
  }
}
