import { formatBaseUnits } from '../common/amounts.ts'
import { formatDurationMs } from './formatDurationMs.ts'
import type { LatencyStage, OutcomeKind, ReportData } from './reportTypes.ts'
import { OUTCOME_KINDS } from './reportTypes.ts'

/**
 * How a dataset is drawn: `points` markers only, `line` markers joined in time order, `dashed` a
 * dashed line without markers (thresholds), `bar` bars (category charts).
 */
export type ChartDatasetStyle = 'points' | 'line' | 'dashed' | 'bar'

/** One series of a time chart: x is clock ms, y in the chart's unit. */
export type TimeDataset = {
  label: string
  color: string
  style: Exclude<ChartDatasetStyle, 'bar'>
  data: { x: number; y: number }[]
}

/** One series of a category chart: one value per label. */
export type CategoryDataset = {
  label: string
  /** One colour for the series, or one per bar. */
  color: string | string[]
  data: number[]
}

/** How the y axis and tooltips print values. */
export type ValueFormat = 'count' | 'usd' | 'bps' | 'amount'

/** A chart as data: the page's script turns each into a Chart.js chart on a canvas of its id. */
export type ChartSpec =
  | {
      id: string
      kind: 'time'
      xTitle: string
      yTitle: string
      /** The unit tooltips append to y values (`USDC`, `bps`). */
      yUnit: string
      yFormat: ValueFormat
      datasets: TimeDataset[]
    }
  | {
      id: string
      kind: 'category'
      stacked: boolean
      xTitle: string
      yTitle: string
      yUnit: string
      yFormat: ValueFormat
      labels: string[]
      datasets: CategoryDataset[]
    }

/** Okabe–Ito colours: told apart with every common colour-vision deficiency. */
export const PALETTE = {
  blue: '#0072b2',
  orange: '#e69f00',
  green: '#009e73',
  vermillion: '#d55e00',
  sky: '#56b4e9',
  purple: '#cc79a7',
  yellow: '#c9b400',
  grey: '#6b7280',
  black: '#1f2937',
} as const

const OUTCOME_COLORS: Record<OutcomeKind, string> = {
  completed: PALETTE.green,
  failed: PALETTE.vermillion,
  refused: PALETTE.purple,
  cancelled: PALETTE.orange,
  postponed: PALETTE.sky,
  dryRun: PALETTE.grey,
  inFlight: PALETTE.blue,
}

/** Outcome names for people. */
export const OUTCOME_LABELS: Record<OutcomeKind, string> = {
  completed: 'completed',
  failed: 'failed',
  refused: 'refused',
  cancelled: 'cancelled',
  postponed: 'postponed',
  dryRun: 'dry run',
  inFlight: 'in flight',
}

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

/** Labels of the arbitrage observations' y axes, by kind (strategies/arbitrage.ts). */
const ARBITRAGE_Y_TITLES: Readonly<Record<string, string>> = {
  aggregatorEdge: 'edge (bps)',
  roundTrip: 'net profit (bps of input)',
}

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
  const add = (spec: ChartSpec): string => {
    // A series with no point would only add a legend entry for nothing.
    if (spec.kind === 'time') spec.datasets = spec.datasets.filter((d) => d.data.length > 0)
    specs.push(spec)
    return spec.id
  }
  const rowNumbers = new Map(data.orders.map((row, i) => [row.intentId, i + 1]))
  const counted = OUTCOME_KINDS.filter((kind) => data.outcomes[kind] > 0)
  const ids: ChartIds = {
    outcomes:
      counted.length === 0
        ? undefined
        : add({
            id: 'outcomes',
            kind: 'category',
            stacked: false,
            xTitle: 'outcome',
            yTitle: 'intents and decisions',
            yUnit: '',
            yFormat: 'count',
            labels: OUTCOME_KINDS.map((kind) => OUTCOME_LABELS[kind]),
            datasets: [
              {
                label: 'count',
                color: OUTCOME_KINDS.map((kind) => OUTCOME_COLORS[kind]),
                data: OUTCOME_KINDS.map((kind) => data.outcomes[kind]),
              },
            ],
          }),
    routes: data.routes.map((route, i) => {
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
      return add({
        id: `route-${i}`,
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
      })
    }),
    costs:
      data.costs.perOrder.length === 0
        ? undefined
        : add({
            id: 'costs',
            kind: 'category',
            stacked: true,
            xTitle: 'order, by quote time (UTC)',
            yTitle: 'cost (USD)',
            yUnit: 'USD',
            yFormat: 'usd',
            // Numbered as in the orders table, so a bar can be found there.
            labels: data.costs.perOrder.map(
              (o) => `#${rowNumbers.get(o.intentId) ?? '?'} ${timeOfDay(o.atMs)}`,
            ),
            datasets: data.costs.byKind.map((k, i) => ({
              label: k.kind,
              color: COST_COLORS[i % COST_COLORS.length]!,
              data: data.costs.perOrder.map((o) => o.costsUsd[k.kind] ?? 0),
            })),
          }),
    edges: data.edges.length === 0 ? undefined : add(edgeSpec(data)),
    latency: data.latency.map((stage) => (stage.count === 0 ? undefined : add(latencySpec(stage)))),
    arbitrage: [],
  }
  const groups = new Map<string, ReportData['arbitrage']>()
  for (const o of data.arbitrage) {
    const key = JSON.stringify([o.strategy, o.kind])
    groups.set(key, [...(groups.get(key) ?? []), o])
  }
  let n = 0
  for (const observations of groups.values()) {
    const { strategy, kind } = observations[0]!
    const valued = observations.filter((o) => o.valueBps !== undefined)
    if (valued.length === 0) continue
    const point = (o: (typeof valued)[number]): { x: number; y: number } => ({
      x: o.atMs,
      y: o.valueBps!,
    })
    const id = add({
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
          data: observations.flatMap((o) =>
            o.thresholdBps === undefined ? [] : [{ x: o.atMs, y: o.thresholdBps }],
          ),
        },
      ],
    })
    ids.arbitrage.push({ id, strategy, kind })
  }
  return { specs, ids }
}

function edgeSpec(data: ReportData): ChartSpec {
  const fromIntents = data.edges.filter((e) => e.source === 'intent')
  const observed = data.edges.filter((e) => e.source === 'observation')
  const point = (e: (typeof data.edges)[number]): { x: number; y: number } => ({
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

function latencySpec(stage: LatencyStage): ChartSpec {
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

/** `08:45:03` (UTC) of a clock ms value. */
function timeOfDay(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19)
}
