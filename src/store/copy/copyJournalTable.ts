import type Database from 'better-sqlite3'
import { CompiledQuery, type Kysely } from 'kysely'
import type { PgJournalTables } from '../pg/PgJournalTables.ts'
import { createRowDigest, type TableDigest } from './createRowDigest.ts'
import type { JournalCopyTable } from './journalCopyTables.ts'
import { quoteIdent } from './quoteIdent.ts'

/** What copying one table did: the source rows' digest and the highest identity value copied. */
export type TableCopy = TableDigest & {
  /** The largest value of the table's identity column among the copied rows; 0n when none. */
  maxIdentity: bigint
}

/** PostgreSQL's limit of bind parameters in one statement. */
const MAX_PARAMETERS = 65_535

/**
 * Copies every row of `table` from the SQLite journal into PostgreSQL inside the caller's
 * transaction (`target` is it): read in the table's copy order, inserted `batchRows` at a time
 * (fewer when the columns would pass PostgreSQL's parameter limit) with the values as read,
 * identity values included, and digested on the way. `columns` are SQLite's, which PostgreSQL
 * has under the same names. INTEGER is read as bigint, so no value is rounded in between.
 */
export async function copyJournalTable(
  source: Database.Database,
  target: Kysely<PgJournalTables>,
  table: JournalCopyTable,
  columns: readonly string[],
  batchRows: number,
): Promise<TableCopy> {
  const rowid = table.rowidColumn !== undefined
  const selected = rowid ? ['rowid', ...columns] : [...columns]
  const order = rowid ? 'rowid' : table.key.map(quoteIdent).join(', ')
  const read = source
    .prepare(
      `SELECT ${selected.map(quoteIdent).join(', ')} FROM ${quoteIdent(table.name)} ORDER BY ${order}`,
    )
    .raw(true)
    .safeIntegers(true)
  const targetColumns = rowid ? [table.rowidColumn!, ...columns] : [...columns]
  const identityAt = table.identity === undefined ? -1 : targetColumns.indexOf(table.identity)
  const insertInto = `INSERT INTO ${quoteIdent(table.name)} (${targetColumns.map(quoteIdent).join(', ')})${
    identityAt >= 0 ? ' OVERRIDING SYSTEM VALUE' : ''
  } VALUES `
  const perBatch = Math.max(
    1,
    Math.min(batchRows, Math.floor(MAX_PARAMETERS / targetColumns.length)),
  )
  const digest = createRowDigest()
  let maxIdentity = 0n
  let batch: unknown[][] = []
  const insert = async (rows: unknown[][]): Promise<void> => {
    const tuples = rows.map(
      (_, r) =>
        `(${targetColumns.map((_, c) => `$${r * targetColumns.length + c + 1}`).join(', ')})`,
    )
    await target.executeQuery(CompiledQuery.raw(insertInto + tuples.join(', '), rows.flat()))
  }
  for (const row of read.iterate() as Iterable<unknown[]>) {
    digest.add(row)
    if (identityAt >= 0) {
      const value = row[identityAt]
      if (typeof value === 'bigint' && value > maxIdentity) maxIdentity = value
    }
    batch.push(row)
    if (batch.length === perBatch) {
      await insert(batch)
      batch = []
    }
  }
  if (batch.length > 0) await insert(batch)
  return { ...digest.digest(), maxIdentity }
}
