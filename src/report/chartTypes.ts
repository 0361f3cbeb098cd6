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
