import { formatTimeMs } from '../../common/format/formatTimeMs.ts'
import { formatUsd } from '../../common/format/formatUsd.ts'
import { toPrintableJson } from '../../common/format/toPrintableJson.ts'
import type { IntentHistory } from '../../store/sqlite/createJournalQueries.ts'
import { formatTable } from './formatTable.ts'

/**
 * `ferry history --intent ID`: everything the journal holds for one intent, section by section
 * (intent, quotes, approvals, signed attempts with their hashes, orders with their states, hook
 * steps). Raw signed bytes are left to `--json`.
 */
export function formatIntentHistory(history: IntentHistory): string {
  const { intent } = history
  const lines = [
    `intent ${intent.id}`,
    `  strategy  ${intent.strategy}`,
    `  route     ${intent.route}`,
    `  state     ${intent.state}${intent.reason ? ` (${intent.reason})` : ''}`,
    `  notional  ${formatUsd(intent.notionalUsd)}`,
    `  created   ${formatTimeMs(intent.createdMs)}`,
    `  updated   ${formatTimeMs(intent.updatedMs)}`,
    `  params    ${JSON.stringify(toPrintableJson(intent.params))}`,
  ]
  const section = (title: string, rows: string[][]): void => {
    lines.push('', `${title} (${rows.length - 1})`)
    if (rows.length > 1) lines.push(indent(formatTable(rows)))
  }
  section('quotes', [
    ['id', 'endpoint', 'quoted'],
    ...history.quotes.map((q) => [String(q.id), q.endpoint, formatTimeMs(q.quotedMs)]),
  ])
  section('approvals', [
    ['id', 'chain', 'token', 'spender', 'amount', 'state', 'tx'],
    ...history.approvals.map((a) => [
      String(a.id),
      String(a.chainId),
      a.token,
      a.spender,
      a.amount.toString(),
      a.state,
      a.txHash ?? '-',
    ]),
  ])
  section('attempts', [
    ['chain', 'kind', 'nonce', '#', 'hash', 'state', 'included', 'updated'],
    ...history.attempts.map((a) => [
      String(a.chainId),
      a.kind,
      a.nonce === undefined ? '-' : String(a.nonce),
      String(a.attempt),
      a.hash,
      a.error ? `${a.state} (${a.error})` : a.state,
      a.includedAt === undefined ? '-' : String(a.includedAt),
      formatTimeMs(a.updatedMs),
    ]),
  ])
  section('orders', [
    ['orderId', 'src', 'dst', 'state', 'create tx', 'last tx', 'updated'],
    ...history.orders.map((o) => [
      o.orderId,
      String(o.srcChainId),
      String(o.dstChainId),
      o.state,
      o.createTxHash ?? '-',
      o.lastTxHash ?? '-',
      formatTimeMs(o.updatedMs),
    ]),
  ])
  section('hook steps', [
    ['orderId', 'step', 'status', 'tx', 'updated'],
    ...history.hookSteps.map((h) => [
      h.orderId,
      h.step,
      h.status,
      h.txHash ?? '-',
      formatTimeMs(h.updatedMs),
    ]),
  ])
  return lines.join('\n')
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n')
}
