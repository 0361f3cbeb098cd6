import type { RowWithQuote } from './RowWithQuote.ts'
import type { CostKindTotal, OrderCosts, ReportData } from './reportTypes.ts'

/** Cost kinds in the engine's order (orderCostsUsd.ts); kinds it adds later follow, by name. */
const COST_KIND_ORDER: readonly string[] = [
  'fixFee',
  'txFee',
  'protocolFee',
  'takerMargin',
  'operatingExpenses',
  'swap',
  'slippage',
  'other',
]

/**
 * The decision quotes' costs in USD: per quoted order by kind with its total, and per kind the
 * total and the mean per order, kinds in the engine's order. Pure.
 */
export function buildCosts(entries: readonly RowWithQuote[]): ReportData['costs'] {
  const perOrder: OrderCosts[] = []
  const totals = new Map<string, number>()
  for (const { row, quote } of entries) {
    if (!quote) continue
    perOrder.push({
      intentId: row.intentId,
      atMs: quote.quotedAtMs,
      costsUsd: quote.costsUsd,
      totalUsd: row.costsUsd ?? 0,
    })
    for (const [kind, usd] of Object.entries(quote.costsUsd)) {
      totals.set(kind, (totals.get(kind) ?? 0) + usd)
    }
  }
  const rank = (kind: string): number => {
    const i = COST_KIND_ORDER.indexOf(kind)
    return i === -1 ? COST_KIND_ORDER.length : i
  }
  const byKind: CostKindTotal[] = [...totals]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([kind, totalUsd]) => ({ kind, totalUsd, perOrderUsd: totalUsd / perOrder.length }))
  return { byKind, perOrder }
}
