import { formatTimeMs } from '../../common/format/formatTimeMs.ts'
import { formatUsd } from '../../common/format/formatUsd.ts'
import { formatTable } from './formatTable.ts'
import type { HistoryRow } from './toHistoryRows.ts'

/**
 * The `ferry history` table: one row per intent, in the order given (newest first from history);
 * a dry-run intent's state reads `dry-run (nothing signed)`.
 */
export function formatIntentTable(intents: readonly HistoryRow[]): string {
  if (intents.length === 0) return 'no intents in the journal'
  return formatTable([
    ['id', 'strategy', 'route', 'state', 'notional', 'created', 'updated'],
    ...intents.map((intent) => [
      intent.id,
      intent.strategy,
      intent.route,
      intent.reason ? `${intent.state} (${intent.reason})` : intent.state,
      formatUsd(intent.notionalUsd),
      formatTimeMs(intent.createdMs),
      formatTimeMs(intent.updatedMs),
    ]),
  ])
}
