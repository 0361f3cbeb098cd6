import { formatUsd } from '../../common/format/formatUsd.ts'
import type { ReplaySection } from '../../report/replaySectionTypes.ts'
import { formatUsdChange } from './formatReplaySection.ts'
import { formatTable } from './formatTable.ts'

/**
 * `ferry replay --grid`: one row per grid point (its label), the replay's intents, refusals,
 * money moved and costs, and their difference from the journal. Pure.
 */
export function formatReplayGrid(points: readonly ReplaySection[]): string {
  const journal = points[0]?.journal
  const head = journal
    ? `journal: ${journal.intents} intents, ${formatUsd(journal.movedUsd)} moved, ${formatUsd(journal.costsUsd)} in costs (${points[0]!.mode} replay of ${points[0]!.ticks} ticks)`
    : 'no grid point'
  return [
    head,
    '',
    formatTable([
      ['grid point', 'intents', 'refused', 'same', 'moved', 'costs', 'Δ moved', 'Δ costs'],
      ...points.map((p) => [
        p.label,
        String(p.replay.intents),
        String(p.replay.refused),
        String(p.same),
        formatUsd(p.replay.movedUsd),
        formatUsd(p.replay.costsUsd),
        formatUsdChange(p.difference.movedUsd),
        formatUsdChange(p.difference.costsUsd),
      ]),
    ]),
  ].join('\n')
}
