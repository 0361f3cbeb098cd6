import type { ChartSpec } from './chartTypes.ts'
import { PALETTE } from './palette.ts'
import type { EdgePoint } from './reportTypes.ts'

/**
 * Edges over compared aggregators in bps over quote time: swaps sent (from decision quotes),
 * what strategies observed, and the strategies' thresholds. Undefined when there is no edge.
 * Pure.
 */
export function edgesChartSpec(edges: readonly EdgePoint[]): ChartSpec | undefined {
  if (edges.length === 0) return undefined
  const fromIntents = edges.filter((e) => e.source === 'intent')
  const observed = edges.filter((e) => e.source === 'observation')
  const point = (e: EdgePoint): { x: number; y: number } => ({
    x: e.atMs,
    y: e.edgeBps,
  })
  return {
    id: 'edges',
    kind: 'time',
    xTitle: 'quote time (UTC)',
    yTitle: 'edge (bps)',
    yUnit: 'bps',
    yFormat: 'bps',
    datasets: [
      {
        label: 'swaps sent (decision quote)',
        color: PALETTE.green,
        style: 'points',
        data: fromIntents.map(point),
      },
      {
        label: 'observed by strategies',
        color: PALETTE.blue,
        style: 'points',
        data: observed.map(point),
      },
      {
        label: 'strategy threshold',
        color: PALETTE.vermillion,
        style: 'dashed',
        data: observed.flatMap((e) =>
          e.thresholdBps === undefined ? [] : [{ x: e.atMs, y: e.thresholdBps }],
        ),
      },
    ],
  }
}
