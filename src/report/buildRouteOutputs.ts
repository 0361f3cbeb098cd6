import type { RowWithQuote } from './RowWithQuote.ts'
import type { RouteOutput } from './reportTypes.ts'

/**
 * Per route, the quoted and realized output of each quoted intent (base units of the output
 * token); routes in order of their first intent, oldest first. Pure.
 */
export function buildRouteOutputs(entries: readonly RowWithQuote[]): RouteOutput[] {
  const routes = new Map<string, RouteOutput>()
  for (const { row, quote } of entries) {
    if (!quote) continue
    let route = routes.get(row.route)
    if (!route) {
      route = { route: row.route, label: row.routeLabel, outSymbol: row.outSymbol, points: [] }
      routes.set(row.route, route)
    }
    route.points.push({
      intentId: row.intentId,
      atMs: quote.quotedAtMs,
      quotedAmountOut: quote.amountOut,
      realizedAmountOut: row.realizedAmountOut,
      outDecimals: quote.outDecimals,
      shortfallBps: row.shortfallBps,
    })
  }
  return [...routes.values()]
}
