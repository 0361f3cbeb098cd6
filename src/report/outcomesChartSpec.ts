import type { ChartSpec } from './chartTypes.ts'
import { OUTCOME_LABELS } from './outcomeLabels.ts'
import { PALETTE } from './palette.ts'
import { OUTCOME_KINDS, type OutcomeKind, type ReportData } from './reportTypes.ts'

const OUTCOME_COLORS: Record<OutcomeKind, string> = {
  completed: PALETTE.green,
  failed: PALETTE.vermillion,
  refused: PALETTE.purple,
  cancelled: PALETTE.orange,
  postponed: PALETTE.sky,
  dryRun: PALETTE.grey,
  inFlight: PALETTE.blue,
}

/**
 * The outcome counts as one bar per outcome kind (every kind, zeros included, in OUTCOME_KINDS
 * order); undefined when nothing was counted. Pure.
 */
export function outcomesChartSpec(outcomes: ReportData['outcomes']): ChartSpec | undefined {
  const counted = OUTCOME_KINDS.filter((kind) => outcomes[kind] > 0)
  if (counted.length === 0) return undefined
  return {
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
        data: OUTCOME_KINDS.map((kind) => outcomes[kind]),
      },
    ],
  }
}
