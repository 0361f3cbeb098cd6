import { arbitrageChartSpecs } from './arbitrageChartSpecs.ts'
import type { ChartSpec } from './chartTypes.ts'
import { costsChartSpec } from './costsChartSpec.ts'
import { edgesChartSpec } from './edgesChartSpec.ts'
import { latencyChartSpec } from './latencyChartSpec.ts'
import { outcomesChartSpec } from './outcomesChartSpec.ts'
import type { ReportData } from './reportTypes.ts'
import { routeChartSpec } from './routeChartSpec.ts'

/** Ids of the charts of one report, in page order; the HTML places a canvas for each. */
export type ChartIds = {
  outcomes: string | undefined
  routes: (string | undefined)[]
  costs: string | undefined
  edges: string | undefined
  latency: (string | undefined)[]
  arbitrage: { id: string; strategy: string; kind: string }[]
}

/**
 * Every chart of the report as data, and where each goes: outcome counts; per route the quoted
 * and the realized output in token units over time; costs per order stacked by kind (USD); edges
 * over compared aggregators with their thresholds; one latency histogram per stage; per
 * arbitrage strategy and kind, observations not acted on, acted on, and the threshold. A chart
 * with no data point is left out (its id is undefined) so the page says so instead. Pure.
 */
export function buildChartSpecs(data: ReportData): { specs: ChartSpec[]; ids: ChartIds } {
  const specs: ChartSpec[] = []
  const add = (spec: ChartSpec | undefined): string | undefined => {
    if (!spec) return undefined
    // A series with no point would only add a legend entry for nothing.
    if (spec.kind === 'time') spec.datasets = spec.datasets.filter((d) => d.data.length > 0)
    specs.push(spec)
    return spec.id
  }
  const rowNumbers = new Map(data.orders.map((row, i) => [row.intentId, i + 1]))
  // Added in page order: the specs' order is the order of the ids below.
  const ids: ChartIds = {
    outcomes: add(outcomesChartSpec(data.outcomes)),
    routes: data.routes.map((route, i) => add(routeChartSpec(route, i))),
    costs: add(costsChartSpec(data.costs, rowNumbers)),
    edges: add(edgesChartSpec(data.edges)),
    latency: data.latency.map((stage) => add(latencyChartSpec(stage))),
    arbitrage: [],
  }
  for (const { spec, strategy, kind } of arbitrageChartSpecs(data.arbitrage)) {
    ids.arbitrage.push({ id: add(spec)!, strategy, kind })
  }
  return { specs, ids }
}
