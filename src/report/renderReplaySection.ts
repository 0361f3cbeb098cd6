import { formatTimeMs } from '../common/format/formatTimeMs.ts'
import { formatUsd } from '../common/format/formatUsd.ts'
import { escapeHtml } from './escapeHtml.ts'
import { formatBps } from './formatBps.ts'
import { renderTable, type TableCell } from './renderTable.ts'
import type { ReplaySection } from './replaySectionTypes.ts'

/**
 * The report's Replay section (`ferry replay --out`): per replayed config, the totals of the
 * replay and the journal with their difference in USD, the replay's refusals, and every intent
 * side by side. With a grid, one table of the points first. Pure.
 */
export function renderReplaySection(sections: readonly ReplaySection[]): string {
  const grid =
    sections.length > 1
      ? renderTable({
          sortable: false,
          columns: [
            { title: 'grid point' },
            { title: 'intents', numeric: true },
            { title: 'refused', numeric: true },
            { title: 'moved (USD)', numeric: true },
            { title: 'costs (USD)', numeric: true },
            { title: 'Δ moved (USD)', numeric: true, hint: 'replay − journal' },
            { title: 'Δ costs (USD)', numeric: true, hint: 'replay − journal' },
          ],
          rows: sections.map((s) => [
            { text: s.label },
            count(s.replay.intents),
            count(s.replay.refused),
            usd(s.replay.movedUsd),
            usd(s.replay.costsUsd),
            usd(s.difference.movedUsd, true),
            usd(s.difference.costsUsd, true),
          ]),
        })
      : ''
  return `<section id="replay"><h2>Replay</h2><p class="lead">The recorded quotes fed in time order through the strategies and risk checks under the config named, with a simulated clock, balances and in-flight orders, beside what the journal did. USD at the recorded quotes’ prices.</p>${grid}${sections.map(renderOne).join('')}</section>`
}

function renderOne(s: ReplaySection): string {
  const totals = renderTable({
    sortable: false,
    columns: [
      { title: '' },
      { title: 'intents', numeric: true },
      { title: 'money moved (USD)', numeric: true },
      { title: 'costs paid (USD)', numeric: true },
    ],
    rows: [
      ['replay', s.replay],
      ['journal', s.journal],
      ['difference', s.difference],
    ].map(([name, t]) => {
      const totalsOf = t as ReplaySection['journal']
      const signed = name === 'difference'
      return [
        { text: name as string },
        count(totalsOf.intents),
        usd(totalsOf.movedUsd, signed),
        usd(totalsOf.costsUsd, signed),
      ]
    }),
  })
  const refusals =
    s.refusals.length === 0
      ? ''
      : `<p class="note">Replay refusals: ${escapeHtml(s.refusals.map((r) => `${r.reason} ${r.count}`).join(', '))}; postponed ${s.replay.postponed}.</p>`
  const rows = renderTable({
    sortable: true,
    columns: [
      { title: 'time (UTC)', numeric: true },
      { title: 'intent' },
      { title: 'replay' },
      { title: 'notional (USD)', numeric: true },
      { title: 'cost (USD)', numeric: true },
      { title: 'cost (bps)', numeric: true },
      { title: 'journal' },
      { title: 'notional (USD)', numeric: true },
      { title: 'cost (USD)', numeric: true },
    ],
    rows: s.rows.map((r) => {
      const accepted = r.replay?.verdict === 'accept'
      return [
        { text: formatTimeMs(r.atMs), value: r.atMs },
        { text: r.intentId },
        {
          text:
            r.replay === undefined
              ? '-'
              : accepted
                ? 'intent'
                : `${r.replay.verdict === 'reject' ? 'refused' : 'postponed'} ${r.replay.reason ?? ''}`,
        },
        accepted ? usd(r.replay!.notionalUsd) : { text: '' },
        accepted ? usd(r.replay!.costUsd) : { text: '' },
        r.replay ? { text: formatBps(r.replay.costBps), value: r.replay.costBps } : { text: '' },
        { text: r.journal?.outcome ?? '-' },
        r.journal ? usd(r.journal.notionalUsd) : { text: '' },
        r.journal?.costUsd !== undefined ? usd(r.journal.costUsd) : { text: '' },
      ]
    }),
  })
  const window = `${formatTimeMs(s.fromMs)} – ${formatTimeMs(s.toMs)}`
  return `<div class="figure"><h3>${escapeHtml(s.label)} · ${escapeHtml(s.mode)}</h3><p class="note">${escapeHtml(`${s.ticks} ticks ${window}; ${s.quotesFed} recorded quotes fed, ${s.quotesMissing} requests not recorded; ${s.same} intents on both sides.`)}</p>${totals}${refusals}${s.rows.length === 0 ? '<p class="empty">No intent on either side.</p>' : rows}</div>`
}

/** A USD cell; `signed`: a difference, `+$1.00` or `-$1.00`. */
function usd(value: number, signed = false): TableCell {
  if (!Number.isFinite(value)) return { text: '-', value }
  if (!signed || Math.abs(value) < 0.005) return { text: formatUsd(value), value }
  return { text: `${value > 0 ? '+' : '-'}${formatUsd(Math.abs(value))}`, value }
}

function count(n: number): TableCell {
  return { text: String(n), value: n }
}
