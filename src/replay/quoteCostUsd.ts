import type { QuoteObservation } from '../common/strategy/marketTypes.ts'

/**
 * A quote's full cost in USD at its own figures: input value − output value + native cost
 * (safety P-7.9, the numerator of `costBps`). NaN when a figure is missing. Pure.
 */
export function quoteCostUsd(
  quote: Pick<QuoteObservation, 'amountInUsd' | 'amountOutUsd' | 'nativeCostUsd'>,
): number {
  return quote.amountInUsd - quote.amountOutUsd + quote.nativeCostUsd
}
