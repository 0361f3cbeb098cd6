import type { QuoteObservation, RouteRequest } from '../common/strategy/marketTypes.ts'
import type { MarketQuoteRecord } from '../store/sqlite/createMarketRecords.ts'
import type { RecordedQuote } from './replayTypes.ts'

/**
 * A journaled market quote back as the engine parsed it. JSON wrote NaN as null; those figures
 * come back as NaN, so a risk check refuses them as it did live. A record of another shape (not
 * written by this ferry) is undefined and left out. Pure.
 */
export function toRecordedQuote(record: MarketQuoteRecord): RecordedQuote | undefined {
  const request = record.request as RouteRequest | null
  const r = record.response as Record<string, unknown> | null
  if (
    request === null ||
    typeof request !== 'object' ||
    typeof request.requestId !== 'string' ||
    typeof request.amountIn !== 'bigint' ||
    r === null ||
    typeof r !== 'object' ||
    typeof r.amountIn !== 'bigint' ||
    typeof r.amountOut !== 'bigint' ||
    typeof r.minAmountOut !== 'bigint'
  ) {
    return undefined
  }
  const costsUsd: Record<string, number> = {}
  for (const [kind, usd] of Object.entries((r.costsUsd as Record<string, unknown>) ?? {}))
    costsUsd[kind] = num(usd)
  const quote: QuoteObservation = {
    request,
    quotedAtMs: num(r.quotedAtMs),
    amountIn: r.amountIn,
    amountInUsd: num(r.amountInUsd),
    amountOut: r.amountOut,
    amountOutUsd: num(r.amountOutUsd),
    minAmountOut: r.minAmountOut,
    outDecimals: num(r.outDecimals),
    nativeCost: typeof r.nativeCost === 'bigint' ? r.nativeCost : 0n,
    nativeCostUsd: num(r.nativeCostUsd),
    costBps: num(r.costBps),
    costsUsd,
    priceImpactBps: typeof r.priceImpactBps === 'number' ? r.priceImpactBps : undefined,
    comparedAggregators: Array.isArray(r.comparedAggregators)
      ? (r.comparedAggregators as QuoteObservation['comparedAggregators'])
      : [],
  }
  return { strategy: record.strategy, tickMs: record.tickMs, quote }
}

function num(value: unknown): number {
  return typeof value === 'number' ? value : Number.NaN
}
