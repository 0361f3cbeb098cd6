import { formatTimeMs } from '../common/format/formatTimeMs.ts'
import { formatUsd } from '../common/format/formatUsd.ts'
import { toPrintableJson } from '../common/format/toPrintableJson.ts'
import { escapeHtml } from './escapeHtml.ts'
import { formatDurationMs } from './formatDurationMs.ts'
import { journalAnchor } from './renderOrdersTable.ts'
import { renderTable, type TableCell } from './renderTable.ts'
import type { ReportOrderRow } from './reportTypes.ts'
import { shortenId } from './shortenId.ts'

/**
 * Everything the journal holds for each intent, one collapsed `<details id="intent-N">` per row
 * of the orders table (the table's links open them): the intent's facts and stage timings, its
 * parameters, its quotes with their journaled responses, approvals, signed attempts (hashes,
 * nonces, states, errors; raw bytes are left to `ferry history --intent`), orders and hook
 * steps. Every journal string is escaped. Pure.
 */
export function renderJournalEntries(rows: readonly ReportOrderRow[]): string {
  return rows.map((row, i) => renderOne(row, i + 1)).join('\n')
}

function renderOne(row: ReportOrderRow, rowNumber: number): string {
  const { journal } = row
  const facts: [string, string][] = [
    ['intent', row.intentId],
    ['strategy', row.strategy],
    ['route', `${row.routeLabel} (${row.route})`],
    ['state', row.reason ? `${row.state}: ${row.reason}` : row.state],
    ['notional', formatUsd(row.notionalUsd)],
    ['journaled', formatTimeMs(row.createdMs)],
    ['intent → order created', formatDurationMs(row.intentToCreatedMs)],
    ['order created → filled', formatDurationMs(row.createdToFilledMs)],
    ['filled → hook executed', formatDurationMs(row.filledToHookDoneMs)],
    ['intent → terminal', formatDurationMs(row.endToEndMs)],
  ]
  const dl = facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')
  const hash = (value: string | undefined): TableCell =>
    value === undefined
      ? { text: '-' }
      : {
          text: value,
          html: `<span class="mono">${escapeHtml(shortenId(value, 10, 6))}</span>`,
          title: value,
        }
  const parts = [
    `<details class="journal" id="${journalAnchor(rowNumber)}">`,
    `<summary>#${rowNumber} <span class="mono">${escapeHtml(row.intentId)}</span><span class="sub">${escapeHtml(`${row.refusedByVerifier ? 'refused' : row.state} · ${row.routeLabel} · ${formatTimeMs(row.createdMs)}`)}</span></summary>`,
    `<dl class="facts">${dl}</dl>`,
    '<h3>parameters</h3>',
    pre(journal.params),
    section(
      'quotes',
      journal.quotes.length,
      journal.quotes
        .map(
          (q) =>
            `<p class="note">#${q.id} ${escapeHtml(q.endpoint)} at ${escapeHtml(formatTimeMs(q.quotedMs))}</p>${pre(q.response)}`,
        )
        .join(''),
    ),
    section(
      'approvals',
      journal.approvals.length,
      renderTable({
        sortable: false,
        columns: [
          { title: 'chain', numeric: true },
          { title: 'token' },
          { title: 'spender' },
          { title: 'amount', numeric: true },
          { title: 'state' },
          { title: 'tx' },
          { title: 'updated (UTC)' },
        ],
        rows: journal.approvals.map((a) => [
          { text: String(a.chainId), value: a.chainId },
          hash(a.token),
          hash(a.spender),
          { text: a.amount.toString() },
          { text: a.state },
          hash(a.txHash),
          { text: formatTimeMs(a.updatedMs) },
        ]),
      }),
    ),
    section(
      'signed attempts',
      journal.attempts.length,
      renderTable({
        sortable: false,
        columns: [
          { title: 'chain', numeric: true },
          { title: 'kind' },
          { title: 'from' },
          { title: 'nonce', numeric: true },
          { title: '#', numeric: true },
          { title: 'hash' },
          { title: 'state' },
          { title: 'signed (UTC)' },
          { title: 'updated (UTC)' },
        ],
        rows: journal.attempts.map((a) => [
          { text: String(a.chainId), value: a.chainId },
          { text: a.kind },
          hash(a.from),
          { text: a.nonce === undefined ? '-' : String(a.nonce), value: a.nonce },
          { text: String(a.attempt), value: a.attempt },
          hash(a.hash),
          { text: a.error ? `${a.state} (${a.error})` : a.state },
          { text: formatTimeMs(a.createdMs) },
          { text: formatTimeMs(a.updatedMs) },
        ]),
      }),
    ),
    section(
      'orders',
      journal.orders.length,
      renderTable({
        sortable: false,
        columns: [
          { title: 'order id' },
          { title: 'chains' },
          { title: 'state' },
          { title: 'create tx' },
          { title: 'last tx' },
          { title: 'filled amount', numeric: true },
          { title: 'created (UTC)' },
          { title: 'updated (UTC)' },
        ],
        rows: journal.orders.map((o) => [
          hash(o.orderId),
          { text: `${o.srcChainId} → ${o.dstChainId}` },
          { text: o.state },
          hash(o.createTxHash),
          hash(o.lastTxHash),
          { text: o.filledAmount === undefined ? '-' : o.filledAmount.toString() },
          { text: formatTimeMs(o.createdMs) },
          { text: formatTimeMs(o.updatedMs) },
        ]),
      }),
    ),
    section(
      'hook steps',
      journal.hookSteps.length,
      renderTable({
        sortable: false,
        columns: [
          { title: 'order id' },
          { title: 'step' },
          { title: 'status' },
          { title: 'tx' },
          { title: 'updated (UTC)' },
        ],
        rows: journal.hookSteps.map((h) => [
          hash(h.orderId),
          { text: h.step },
          { text: h.status },
          hash(h.txHash),
          { text: formatTimeMs(h.updatedMs) },
        ]),
      }),
    ),
    '</details>',
  ]
  return parts.join('\n')
}

function section(title: string, count: number, body: string): string {
  return `<h3>${escapeHtml(title)} (${count})</h3>${count === 0 ? '<p class="note">none</p>' : body}`
}

function pre(value: unknown): string {
  return `<pre>${escapeHtml(JSON.stringify(toPrintableJson(value), null, 2) ?? 'undefined')}</pre>`
}
