import { z } from 'zod'

const rate = z.number().min(0).max(1)

/**
 * Fault knobs of the simulator, for ferry's own resilience tests. Rates are
 * probabilities in 0..1 drawn per request from the seeded random source; all default to off.
 */
export const faultKnobsSchema = z.strictObject({
  /** Delay before each answer of the five endpoints, in ms (through the injected clock). */
  latencyMs: z.number().int().min(0).default(0),
  /** Share of answers replaced by HTTP 500 `INTERNAL_SERVER_ERROR`. */
  serverErrorRate: rate.default(0),
  /** Share of answers replaced by HTTP 200 with an error body (docs/dln.md §2.1). */
  errorIdRate: rate.default(0),
  /** Share of answers sent as truncated, unparsable JSON with status 200. */
  malformedJsonRate: rate.default(0),
  /**
   * Share of quote answers (create-tx, chain/transaction) that re-serve the previous answer to
   * the same query, as a stale cache would: same salt, same amounts, old prices.
   */
  staleQuoteRate: rate.default(0),
})

/** Parsed fault knobs. */
export type FaultKnobs = z.output<typeof faultKnobsSchema>

/** Fault knobs with every fault off. */
export const NO_FAULTS: FaultKnobs = faultKnobsSchema.parse({})
