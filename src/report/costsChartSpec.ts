import type { ChartSpec } from './chartTypes.ts'
import { PALETTE } from './palette.ts'
import type { ReportData } from './reportTypes.ts'

const COST_COLORS = [
  PALETTE.blue,
  PALETTE.orange,
  PALETTE.green,
  PALETTE.vermillion,
  PALETTE.sky,
  PALETTE.purple,
  PALETTE.yellow,
  PALETTE.grey,
]

/**
 * Costs per order in USD, stacked by kind; each bar labelled with the order's row number in the
 * orders table (`rowNumbers`, by intent id) and its quote time. Undefined when no order has
 * costs. Pure.
 */
export function costsChartSpec(
  costs: ReportData['costs'],
  rowNumbers: ReadonlyMap<string, number>,
): ChartSpec | undefined {
  if (costs.perOrder.length === 0) return undefined
  return {
    id: 'costs',
    kind: 'category',
    stacked: true,
    xTitle: 'order, by quote time (UTC)',
    yTitle: 'cost (USD)',
    yUnit: 'USD',
    yFormat: 'usd',
    // Numbered as in the orders table, so a bar can be found there.
    labels: costs.perOrder.map((o) => `#${rowNumbers.get(o.intentId) ?? '?'} ${timeOfDay(o.atMs)}`),
    datasets: costs.byKind.map((k, i) => ({
      label: k.kind,
      color: COST_COLORS[i % COST_COLORS.length]!,
      data: costs.perOrder.map((o) => o.costsUsd[k.kind] ?? 0),
    })),
  }
}

/** `08:45:03` (UTC) of a clock ms value. */
function timeOfDay(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19)
}
