import { formatBaseUnits } from '../common/amounts.ts'
import type { ChartSpec } from './chartTypes.ts'
import { PALETTE } from './palette.ts'
import type { RouteOutput } from './reportTypes.ts'

/**
 * One route's quoted and realized output over quote time, in token units (base units scaled by
 * the output's decimals), with the id `route-<index>`; undefined when the route has no point. Pure.
 */
export function routeChartSpec(route: RouteOutput, index: number): ChartSpec | undefined {
  const units = (amount: bigint, decimals: number): number =>
    Number(formatBaseUnits(amount, decimals))
  const quoted = route.points.map((p) => ({
    x: p.atMs,
    y: units(p.quotedAmountOut, p.outDecimals),
  }))
  const realized = route.points.flatMap((p) =>
    p.realizedAmountOut === undefined
      ? []
      : [{ x: p.atMs, y: units(p.realizedAmountOut, p.outDecimals) }],
  )
  if (quoted.length === 0) return undefined
  return {
    id: `route-${index}`,
    kind: 'time',
    xTitle: 'quote time (UTC)',
    yTitle: `output (${route.outSymbol})`,
    yUnit: route.outSymbol,
    yFormat: 'amount',
    datasets: [
      { label: 'quoted (expected output)', color: PALETTE.blue, style: 'line', data: quoted },
      {
        label: 'realized (filled amount)',
        color: PALETTE.orange,
        style: 'points',
        data: realized,
      },
    ],
  }
}
