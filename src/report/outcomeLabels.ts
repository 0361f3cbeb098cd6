import type { OutcomeKind } from './reportTypes.ts'

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
