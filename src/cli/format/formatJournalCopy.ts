import type { JournalCopyReport } from '../../store/copy/copyJournalToPg.ts'

/**
 * `ferry journal migrate`'s summary: one line per table (`intents 1234 → 1234 ok`), names and
 * counts aligned, then what was copied where. Pure.
 */
export function formatJournalCopy(report: JournalCopyReport): string {
  const nameWidth = Math.max(...report.tables.map((t) => t.table.length))
  const countWidth = Math.max(...report.tables.map((t) => String(t.sourceRows).length))
  const lines = report.tables.map(
    (t) =>
      `${t.table.padEnd(nameWidth)} ${String(t.sourceRows).padStart(countWidth)} → ${String(t.targetRows).padStart(countWidth)} ${t.ok ? 'ok' : 'MISMATCH'}`,
  )
  lines.push(
    `copied ${report.rows} rows of ${report.tables.length} tables from ${report.from} to ${report.to} in one transaction, verified`,
  )
  return lines.join('\n')
}
