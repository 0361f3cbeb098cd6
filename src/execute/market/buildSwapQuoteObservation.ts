import type { SwapQuote } from '../../api/schemas/swapQuote.ts'
import type { QuoteObservation, SwapRouteRequest } from '../../common/strategy/marketTypes.ts'

/** Inputs of {@link buildSwapQuoteObservation}. */
export type BuildSwapQuoteObservationParams = {
  request: SwapRouteRequest
  /** The chain/transaction answer, parsed by the api client (docs/service.md §2.9). */
  quote: SwapQuote
  /** When the answer arrived, ms since the epoch. */
  quotedAtMs: number
}

/**
 * The strategy-facing view of a single-chain swap quote: expected output `tokenOut.amount`,
 * guaranteed `tokenOut.minAmount`, and every compared aggregator's output. The tx fee is in the
 * cost only when the answer carries its USD value (max-amount requests); otherwise the native
 * cost is 0 and the engine's gas estimate is the bound. Pure.
 */
export function buildSwapQuoteObservation(
  params: BuildSwapQuoteObservationParams,
): QuoteObservation {
  const { quote } = params
  const fee = quote.estimatedTransactionFee
  const nativeCost = BigInt(fee?.total ?? '0')
  const nativeCostUsd = fee?.approximateUsdValue ?? 0
  const amountInUsd = quote.tokenIn.approximateUsdValue
  const amountOutUsd = quote.tokenOut.approximateUsdValue
  return {
    request: params.request,
    quotedAtMs: params.quotedAtMs,
    amountIn: BigInt(quote.tokenIn.amount),
    amountInUsd,
    amountOut: BigInt(quote.tokenOut.amount),
    amountOutUsd,
    minAmountOut: BigInt(quote.tokenOut.minAmount),
    outDecimals: quote.tokenOut.decimals,
    nativeCost,
    nativeGasCost: nativeCost,
    nativeCostUsd,
    costBps:
      amountInUsd > 0
        ? ((amountInUsd - amountOutUsd + nativeCostUsd) / amountInUsd) * 10_000
        : Number.NaN,
    costsUsd: { txFee: nativeCostUsd, swap: amountInUsd - amountOutUsd },
    priceImpactBps: undefined,
    comparedAggregators: quote.comparedAggregators.map((a) => ({
      name: a.name,
      amountOut: BigInt(a.amount),
      amountOutUsd: a.approximateUsdValue,
    })),
  }
}
