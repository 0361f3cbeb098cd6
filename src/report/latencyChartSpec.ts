import type { ChartSpec } from './chartTypes.ts'
import { formatDurationMs } from './formatDurationMs.ts'
import { PALETTE } from './palette.ts'
import type { LatencyStage } from './reportTypes.ts'

/**
 * One pipeline stage's latency histogram, one bar per duration bin, with the id
 * `latency-<stage>`; undefined when the stage counted no order. Pure.
 */
export function latencyChartSpec(stage: LatencyStage): ChartSpec | undefined {
  if (stage.count === 0) return undefined
  return {
    id: `latency-${stage.stage}`,
    kind: 'category',
    stacked: false,
    xTitle: `${stage.label} (duration)`,
    yTitle: 'orders',
    yUnit: 'orders',
    yFormat: 'count',
    labels: stage.histogram.map((bin) => binLabel(bin.fromMs, bin.toMs)),
    datasets: [
      { label: 'orders', color: PALETTE.blue, data: stage.histogram.map((bin) => bin.count) },
    ],
  }
}

/** `50–60 ms`, `4–4.5 s`: the unit once when both ends share it. */
function binLabel(fromMs: number, toMs: number): string {
  const from = formatDurationMs(fromMs)
  const to = formatDurationMs(toMs)
  const unit = / (ms|s)$/.exec(from)?.[0]
  return unit && to.endsWith(unit) ? `${from.slice(0, -unit.length)}–${to}` : `${from} – ${to}`
}
