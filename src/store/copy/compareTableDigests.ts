import type { TableDigest } from './createRowDigest.ts'

/** One table of `ferry journal migrate`'s report: the rows on each side and whether they agree. */
export type JournalTableCopy = {
  table: string
  /** Rows read from SQLite. */
  sourceRows: number
  /** Rows PostgreSQL holds after the copy, read back inside the copy's transaction. */
  targetRows: number
  /** SHA-256 (hex) over the SQLite rows in copy order. */
  sha256: string
  /** Same row count and same digest on both sides. */
  ok: boolean
}

/** One table's digest as SQLite held it and as PostgreSQL holds the copy. */
export type TableDigestPair = { table: string; source: TableDigest; target: TableDigest }

/** Sets what SQLite held beside what PostgreSQL holds, table by table. Pure. */
export function compareTableDigests(tables: readonly TableDigestPair[]): JournalTableCopy[] {
  return tables.map(({ table, source, target }) => ({
    table,
    sourceRows: source.rows,
    targetRows: target.rows,
    sha256: source.sha256,
    ok: source.rows === target.rows && source.sha256 === target.sha256,
  }))
}
