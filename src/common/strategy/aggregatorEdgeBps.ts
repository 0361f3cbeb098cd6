import { changeBps } from './changeBps.ts'
import type { QuoteObservation } from './marketTypes.ts'

/**
 * Edge of a swap quote over the best compared aggregator, bps: positive when the service gives
 * more than every other aggregator. Undefined without compared aggregators.
 */
export function aggregatorEdgeBps(quote: QuoteObservation): number | undefined {
  let best: bigint | undefined
  for (const other of quote.comparedAggregators)
    if (best === undefined || other.amountOut > best) best = other.amountOut
  return best === undefined || best === 0n ? undefined : changeBps(best, quote.amountOut)
}
