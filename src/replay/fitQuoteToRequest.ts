import type { QuoteObservation, RouteRequest } from '../common/strategy/marketTypes.ts'

/**
 * The recorded quote as the answer to `request`. The same amount: the quote as recorded, for
 * this request. Another amount (a config that sizes moves differently): every amount and USD
 * figure scaled by the ratio, the native cost (fixFee and gas) kept, and the cost in bps worked
 * out again from them; an approximation, since real prices move with size. Pure.
 */
export function fitQuoteToRequest(
  recorded: QuoteObservation,
  request: RouteRequest,
): QuoteObservation {
  if (request.amountIn === recorded.request.amountIn || recorded.request.amountIn === 0n) {
    return recorded.request === request ? recorded : { ...recorded, request }
  }
  const num = request.amountIn
  const den = recorded.request.amountIn
  const ratio = Number(num) / Number(den)
  const amountInUsd = recorded.amountInUsd * ratio
  const amountOutUsd = recorded.amountOutUsd * ratio
  const costsUsd: Record<string, number> = {}
  for (const [kind, usd] of Object.entries(recorded.costsUsd)) {
    if (usd !== undefined)
      costsUsd[kind] = kind === 'fixFee' || kind === 'txFee' ? usd : usd * ratio
  }
  return {
    ...recorded,
    request,
    amountIn: (recorded.amountIn * num) / den,
    amountInUsd,
    amountOut: (recorded.amountOut * num) / den,
    amountOutUsd,
    minAmountOut: (recorded.minAmountOut * num) / den,
    costBps: ((amountInUsd - amountOutUsd + recorded.nativeCostUsd) / amountInUsd) * 10_000,
    costsUsd,
    comparedAggregators: recorded.comparedAggregators.map((a) => ({
      ...a,
      amountOut: (a.amountOut * num) / den,
      amountOutUsd: a.amountOutUsd * ratio,
    })),
  }
}
