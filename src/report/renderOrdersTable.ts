import { formatBaseUnits } from '../common/amounts.ts'
import { formatTimeMs } from '../common/format/formatTimeMs.ts'
import { formatUsd } from '../common/format/formatUsd.ts'
import { escapeHtml } from './escapeHtml.ts'
import { formatBps } from './formatBps.ts'
import { formatDurationMs } from './formatDurationMs.ts'
import { renderTable, type TableCell } from './renderTable.ts'
import type { ReportOrderRow } from './reportTypes.ts'
import { shortenId } from './shortenId.ts'

/** Anchor of an intent's journal entries: `intent-<row number>`, never the id (any text). */
export function journalAnchor(rowNumber: number): string {
  return `intent-${rowNumber}`
}

/**
 * The sortable orders table: one row per journaled intent (oldest first, numbered from 1) with
 * its strategy, route, state, order, amounts, costs and timings; the intent id links to its
 * journal entries further down the page. Every journal string is escaped. Pure.
 */
export function renderOrdersTable(rows: readonly ReportOrderRow[]): string {
  return renderTable({
    id: 'orders-table',
    sortable: true,
    columns: [
      { title: '#', numeric: true },
      { title: 'created (UTC)', numeric: true },
      { title: 'intent' },
      { title: 'strategy' },
      { title: 'route' },
      { title: 'state' },
      { title: 'order' },
      { title: 'notional', numeric: true, hint: 'USD value of the input at quote time' },
      { title: 'quoted out', numeric: true, hint: 'the decision quote’s expected output' },
      { title: 'realized out', numeric: true, hint: 'what the recipient got at the fill' },
      {
        title: 'shortfall bps',
        numeric: true,
        hint: '(quoted − realized) / quoted; positive: less arrived than quoted',
      },
      { title: 'cost bps', numeric: true, hint: 'full cost of the quote, bps of input value' },
      { title: 'fill time', numeric: true, hint: 'order created → filled' },
      { title: 'total time', numeric: true, hint: 'intent journaled → terminal state' },
    ],
    rows: rows.map((row, i) => orderCells(row, i + 1)),
  })
}

function orderCells(row: ReportOrderRow, rowNumber: number): TableCell[] {
  const amount = (value: bigint | undefined): TableCell =>
    value === undefined || row.outDecimals === undefined
      ? { text: '-' }
      : {
          text: `${formatBaseUnits(value, row.outDecimals)} ${row.outSymbol}`,
          value: Number(formatBaseUnits(value, row.outDecimals)),
        }
  const state = row.refusedByVerifier ? 'refused' : row.state
  const stateHtml = `<span class="state ${escapeHtml(state)}">${escapeHtml(state)}</span>`
  return [
    { text: String(rowNumber), value: rowNumber },
    {
      text: formatTimeMs(row.createdMs),
      html: escapeHtml(formatTimeMs(row.createdMs).slice(5, 19)),
      value: row.createdMs,
      title: formatTimeMs(row.createdMs),
    },
    {
      text: row.intentId,
      html: `<a class="mono intent-link" href="#${journalAnchor(rowNumber)}">${compactIntentId(row.intentId)}</a>`,
      title: row.intentId,
    },
    { text: row.strategy },
    {
      text: row.routeLabel,
      // Wraps at the arrow only: each side stays on one line.
      html: row.routeLabel
        .split(' → ')
        .map((side) => `<span class="nowrap">${escapeHtml(side)}</span>`)
        .join(' →<wbr> '),
      title: row.route,
    },
    { text: state, html: stateHtml, ...(row.reason ? { title: row.reason } : {}) },
    row.orderId === undefined
      ? { text: '-' }
      : {
          text: row.orderId,
          html: `<span class="mono">${escapeHtml(shortenId(row.orderId))}</span><br><span class="note">${escapeHtml(row.orderState ?? '')}</span>`,
          title: row.orderId,
        },
    { text: formatUsd(row.notionalUsd), value: row.notionalUsd },
    amount(row.quotedAmountOut),
    amount(row.realizedAmountOut),
    { text: formatBps(row.shortfallBps), value: row.shortfallBps },
    { text: formatBps(row.costBps), value: row.costBps },
    { text: formatDurationMs(row.createdToFilledMs), value: row.createdToFilledMs },
    { text: formatDurationMs(row.endToEndMs), value: row.endToEndMs },
  ]
}

/**
 * An intent id (`strategy:request:ms`) as markup that wraps at its colons, with long parts (a
 * Solana mint, an address) shortened; the full id is the cell's title and heads its journal
 * entries.
 */
function compactIntentId(intentId: string): string {
  return intentId
    .split(':')
    .map((part) => escapeHtml(part.length > 16 ? shortenId(part, 6, 4) : part))
    .join(':<wbr>')
}
