import type { ChartSpec } from './chartTypes.ts'
import { PALETTE } from './palette.ts'
import type { ArbitrageObservation } from './reportTypes.ts'

/** Labels of the arbitrage observations' y axes, by kind (strategies/arbitrage.ts). */
const ARBITRAGE_Y_TITLES: Readonly<Record<string, string>> = {
  aggregatorEdge: 'edge (bps)',
  roundTrip: 'net profit (bps of input)',
}

/**
 * One chart per (strategy, kind) of arbitrage observations, in order of first appearance, with
 * ids `arbitrage-0`, `arbitrage-1`…: values in bps over observation time, split into not acted on
 * and acted on, with the threshold as a dashed line. A group with no value gets no chart (and no
 * id). Pure.
 */
export function arbitrageChartSpecs(
  observations: readonly ArbitrageObservation[],
): { spec: ChartSpec; strategy: string; kind: string }[] {
  const groups = new Map<string, ArbitrageObservation[]>()
  for (const o of observations) {
    const key = JSON.stringify([o.strategy, o.kind])
    groups.set(key, [...(groups.get(key) ?? []), o])
  }
  const charts: { spec: ChartSpec; strategy: string; kind: string }[] = []
  let n = 0
  for (const group of groups.values()) {
    const { strategy, kind } = group[0]!
    const valued = group.filter((o) => o.valueBps !== undefined)
    if (valued.length === 0) continue
    const point = (o: (typeof valued)[number]): { x: number; y: number } => ({
      x: o.atMs,
      y: o.valueBps!,
    })
    const spec: ChartSpec = {
      id: `arbitrage-${n++}`,
      kind: 'time',
      xTitle: 'observation time (UTC)',
      yTitle: ARBITRAGE_Y_TITLES[kind] ?? 'value (bps)',
      yUnit: 'bps',
      yFormat: 'bps',
      datasets: [
        {
          label: 'observed, not acted on',
          color: PALETTE.blue,
          style: 'points',
          data: valued.filter((o) => !o.acted).map(point),
        },
        {
          label: 'acted on (intent emitted)',
          color: PALETTE.green,
          style: 'points',
          data: valued.filter((o) => o.acted).map(point),
        },
        {
          label: 'threshold',
          color: PALETTE.vermillion,
          style: 'dashed',
          data: group.flatMap((o) =>
            o.thresholdBps === undefined ? [] : [{ x: o.atMs, y: o.thresholdBps }],
          ),
        },
      ],
    }
    charts.push({ spec, strategy, kind })
  }
  return charts
}
