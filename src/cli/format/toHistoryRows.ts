import type { IntentRecord, IntentState } from '../../store/contract/journalTypes.ts'
import type { DryRunRecord } from '../../store/sqlite/createDryRunQueries.ts'

/**
 * One row of `ferry history`: a journaled intent, or a dry-run intent (state `dry-run`,
 * `dryRun: true`; its params are the amounts it would have given and taken, and the strategy's
 * reason).
 */
export type HistoryRow = Omit<IntentRecord, 'state'> & {
  state: IntentState | 'dry-run'
  dryRun?: true
}

/** A dry-run intent as a {@link HistoryRow}. */
export function toDryRunRow(dry: DryRunRecord): HistoryRow {
  return {
    id: dry.intentId,
    strategy: dry.strategy,
    route: dry.route,
    params: { amountIn: dry.amountIn, minAmountOut: dry.minAmountOut, reason: dry.reason },
    notionalUsd: dry.notionalUsd,
    state: 'dry-run',
    reason: 'nothing signed',
    createdMs: dry.observedMs,
    updatedMs: dry.observedMs,
    dryRun: true,
  }
}

/**
 * The journaled and the dry-run intents as one list, newest first (by creation), at most `limit`.
 * Pure.
 */
export function toHistoryRows(
  intents: readonly IntentRecord[],
  dryRuns: readonly DryRunRecord[],
  limit: number,
): HistoryRow[] {
  return [...intents, ...dryRuns.map(toDryRunRow)]
    .sort((a, b) => b.createdMs - a.createdMs)
    .slice(0, limit)
}
