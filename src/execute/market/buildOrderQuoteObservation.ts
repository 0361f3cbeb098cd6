import type { OrderQuote } from '../../api/schemas/orderQuote.ts'
import type { CrossChainRouteRequest, QuoteObservation } from '../../common/strategy/marketTypes.ts'
import { orderCostsUsd } from './orderCostsUsd.ts'

/** Inputs of {@link buildOrderQuoteObservation}. */
export type BuildOrderQuoteObservationParams = {
  request: CrossChainRouteRequest
  /** The create-tx answer, parsed by the api client (docs/service.md §2.6). */
  quote: OrderQuote
  /** When the answer arrived, ms since the epoch. */
  quotedAtMs: number
  /** USD price of one whole native token of the source chain; undefined = unknown. */
  nativePriceUsd: number | undefined
  /** Decimals of the source chain's native token (18 EVM, 9 Solana). */
  nativeDecimals: number
}

/**
 * The strategy-facing view of a cross-chain order quote. Expected output is
 * `dstChainTokenOut.recommendedAmount`, guaranteed output `dstChainTokenOut.amount` (the order's
 * take). Native cost = fixFee + estimatedTransactionFee.total (base units of the source native).
 * `costBps` counts everything (P-7.9); it is NaN when a USD value is missing, which the risk
 * checks turn into a `missingPrice` reject. `priceImpactBps` is the service's `usdPriceImpact`
 * (percent, negative = loss, docs/dln.md §1.2) as a positive loss in bps. Pure.
 */
export function buildOrderQuoteObservation(
  params: BuildOrderQuoteObservationParams,
): QuoteObservation {
  const { quote, nativePriceUsd, nativeDecimals } = params
  const { srcChainTokenIn, dstChainTokenOut } = quote.estimation
  const txFee = quote.estimatedTransactionFee
  const fixFee = BigInt(quote.fixFee)
  const nativeGasCost = BigInt(txFee?.total ?? '0')
  const nativeCost = fixFee + nativeGasCost
  const fixFeeUsd =
    nativePriceUsd === undefined
      ? fixFee === 0n
        ? 0
        : Number.NaN
      : (Number(fixFee) / 10 ** nativeDecimals) * nativePriceUsd
  const txFeeUsd =
    txFee === undefined
      ? 0
      : (txFee.approximateUsdValue ??
        (nativePriceUsd === undefined
          ? Number.NaN
          : (Number(BigInt(txFee.total)) / 10 ** nativeDecimals) * nativePriceUsd))
  const nativeCostUsd = fixFeeUsd + txFeeUsd
  const amountInUsd = srcChainTokenIn.approximateUsdValue
  const amountOutUsd = dstChainTokenOut.recommendedApproximateUsdValue
  const costBps =
    amountInUsd > 0
      ? ((amountInUsd - amountOutUsd + nativeCostUsd) / amountInUsd) * 10_000
      : Number.NaN
  const impact = quote.usdPriceImpact
  return {
    request: params.request,
    quotedAtMs: params.quotedAtMs,
    amountIn: BigInt(srcChainTokenIn.amount),
    amountInUsd,
    amountOut: BigInt(dstChainTokenOut.recommendedAmount),
    amountOutUsd,
    minAmountOut: BigInt(dstChainTokenOut.amount),
    outDecimals: dstChainTokenOut.decimals,
    nativeCost,
    nativeGasCost,
    nativeCostUsd,
    costBps,
    costsUsd: orderCostsUsd(quote.estimation, fixFeeUsd, txFeeUsd),
    priceImpactBps: typeof impact === 'number' ? -impact * 100 : undefined,
    comparedAggregators: [],
  }
}
