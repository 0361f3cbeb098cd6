import { formatTimeMs } from '../../common/format/formatTimeMs.ts'
import { formatUsd } from '../../common/format/formatUsd.ts'
import type { ReplaySection } from '../../report/replaySectionTypes.ts'
import { formatTable } from './formatTable.ts'

/** `+$1.00`, `-$2.50`, `$0.00`: a difference in USD. */
export function formatUsdChange(usd: number): string {
  if (!(Math.abs(usd) >= 0.005)) return formatUsd(0)
  return `${usd > 0 ? '+' : '-'}${formatUsd(Math.abs(usd))}`
}

/**
 * `ferry replay`'s text: the window, each intent the replay or the journal made side by side
 * (with the replay's refusals of intents the journal made), the totals of both sides and their
 * difference in USD at the recorded prices. Pure; no clock.
 */
export function formatReplaySection(section: ReplaySection): string {
  const s = section
  const lines = [
    `replay ${s.label} (${s.mode}): ${s.ticks} ticks ${formatTimeMs(s.fromMs)} – ${formatTimeMs(s.toMs)}, ${s.quotesFed} recorded quotes fed${s.quotesMissing > 0 ? `, ${s.quotesMissing} requests not recorded (treated as failed quotes)` : ''}`,
    '',
  ]
  if (s.rows.length === 0) lines.push('no intent on either side')
  else {
    lines.push(
      formatTable([
        ['time (UTC)', 'intent', 'replay', 'notional', 'cost', 'journal', 'notional', 'cost'],
        ...s.rows.map((r) => [
          formatTimeMs(r.atMs),
          r.intentId,
          r.replay === undefined
            ? '-'
            : r.replay.verdict === 'accept'
              ? 'intent'
              : `${r.replay.verdict === 'reject' ? 'refused' : 'postponed'} ${r.replay.reason ?? ''}`.trim(),
          r.replay?.verdict === 'accept' ? formatUsd(r.replay.notionalUsd) : '',
          r.replay?.verdict === 'accept' ? usdOrDash(r.replay.costUsd) : '',
          r.journal?.outcome ?? '-',
          r.journal ? formatUsd(r.journal.notionalUsd) : '',
          r.journal ? usdOrDash(r.journal.costUsd) : '',
        ]),
      ]),
    )
  }
  lines.push(
    '',
    formatTable([
      ['', 'intents', 'money moved', 'costs paid'],
      [
        'replay',
        String(s.replay.intents),
        formatUsd(s.replay.movedUsd),
        formatUsd(s.replay.costsUsd),
      ],
      [
        'journal',
        String(s.journal.intents),
        formatUsd(s.journal.movedUsd),
        formatUsd(s.journal.costsUsd),
      ],
      [
        'difference',
        signed(s.difference.intents),
        formatUsdChange(s.difference.movedUsd),
        formatUsdChange(s.difference.costsUsd),
      ],
    ]),
    '',
    `same intents on both sides: ${s.same}; replay refused ${s.replay.refused}${s.refusals.length > 0 ? ` (${s.refusals.map((r) => `${r.reason} ${r.count}`).join(', ')})` : ''}, postponed ${s.replay.postponed}`,
  )
  return lines.join('\n')
}

function usdOrDash(usd: number | undefined): string {
  return usd === undefined || !Number.isFinite(usd) ? '-' : formatUsd(usd)
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n)
}
