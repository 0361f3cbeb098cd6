import { JournalError } from '../contract/JournalError.ts'
import type { JournalTableCopy } from './compareTableDigests.ts'

/**
 * What PostgreSQL holds after the copy is not what the SQLite journal held (a row count or a
 * digest differs): the transaction was rolled back, so nothing of the copy is committed.
 */
export class JournalCopyMismatchError extends JournalError {
  override name = 'JournalCopyMismatchError'
  /** Every table's comparison, the mismatched ones with `ok: false`. */
  readonly tables: readonly JournalTableCopy[]

  constructor(tables: readonly JournalTableCopy[]) {
    const bad = tables.filter((t) => !t.ok)
    super(
      `the copy does not match the SQLite journal (${bad.map((t) => t.table).join(', ')}); nothing was committed`,
      {
        metaMessages: [
          ...bad.map((t) => `${t.table}: ${t.sourceRows} rows in SQLite, ${t.targetRows} copied`),
          'fix: the PostgreSQL database is as it was; check that nothing there changes rows as they are inserted (triggers, rules, defaults), then migrate again',
        ],
      },
    )
    this.tables = tables
  }
}
