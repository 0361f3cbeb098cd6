import type { InspectReport } from '../inspect/inspectReport.ts'

/**
 * The human text of `ferry inspect`: the chain and entry point, the maker and where it came from,
 * every decoded field by section, the orderId, then one line per check (✓, or ✗ with expected
 * and actual) and the verdict.
 */
export function formatInspectReport(report: InspectReport): string {
  const lines = [
    `chain: ${report.chainId} (${report.chainName})`,
    `entry: ${report.entry}`,
    `maker: ${report.maker} (${makerSourceText(report.makerSource)})`,
  ]
  for (const note of report.notes) lines.push(`note: ${note}`)
  for (const [title, fields] of Object.entries(report.sections)) {
    lines.push('', `${title}:`)
    const width = Math.max(...Object.keys(fields).map((k) => k.length))
    for (const [key, value] of Object.entries(fields)) {
      lines.push(`  ${key.padEnd(width)}  ${value || '0x'}`)
    }
  }
  lines.push('', `orderId: ${report.orderId ?? '(unknown)'}`, '', 'checks:')
  for (const check of report.checks) {
    if (check.ok) {
      lines.push(`  ✓ ${check.field}`)
      continue
    }
    lines.push(`  ✗ ${check.field}${check.reason ? ` ${check.reason}` : ''}`)
    if (check.expected !== undefined) lines.push(`      expected: ${check.expected}`)
    if (check.actual !== undefined) lines.push(`      actual:   ${check.actual}`)
  }
  const failed = report.checks.filter((c) => !c.ok).length
  lines.push('', report.ok ? 'verdict: ok' : `verdict: refused (${failed} failed)`)
  return lines.join('\n')
}

function makerSourceText(source: InspectReport['makerSource']): string {
  switch (source) {
    case 'from':
      return 'from --from'
    case 'intent':
      return "the intent's sender"
    case 'feePayer':
      return 'the fee payer'
    default:
      return 'assumed: givePatchAuthoritySrc, no --from given'
  }
}
