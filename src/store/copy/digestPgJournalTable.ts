import { type Kysely, sql } from 'kysely'
import type { PgJournalTables } from '../pg/PgJournalTables.ts'
import { createRowDigest, type TableDigest } from './createRowDigest.ts'
import type { JournalCopyTable } from './journalCopyTables.ts'
import { quoteIdent } from './quoteIdent.ts'

/** Rows fetched from the cursor at a time. */
const FETCH_ROWS = 2_000

/**
 * The {@link TableDigest} of `table` as PostgreSQL holds it, read inside the caller's transaction
 * (`trx`, which sees its own uncommitted copy) through a cursor, in the same order and with the
 * same columns as the copy read SQLite: the rowid column (`intents.seq`) then SQLite's
 * `columns`. Text keys are ordered by "C", byte order, as SQLite's BINARY orders them.
 */
export async function digestPgJournalTable(
  trx: Kysely<PgJournalTables>,
  table: JournalCopyTable,
  columns: readonly string[],
): Promise<TableDigest> {
  const selected = table.rowidColumn === undefined ? [...columns] : [table.rowidColumn, ...columns]
  const cursor = quoteIdent(`ferry_verify_${table.name}`)
  const types = await sql<{ column_name: string; data_type: string }>`
    SELECT column_name, data_type FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table.name}`.execute(trx)
  const text = new Set(types.rows.filter((r) => r.data_type === 'text').map((r) => r.column_name))
  const orderBy =
    table.rowidColumn === undefined
      ? table.key.map((k) => (text.has(k) ? `${quoteIdent(k)} COLLATE "C"` : quoteIdent(k)))
      : [quoteIdent(table.rowidColumn)]
  await sql
    .raw(
      `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${selected.map(quoteIdent).join(', ')} FROM ${quoteIdent(table.name)} ORDER BY ${orderBy.join(', ')}`,
    )
    .execute(trx)
  const digest = createRowDigest()
  for (;;) {
    const { rows } = await sql
      .raw<Record<string, unknown>>(`FETCH FORWARD ${FETCH_ROWS} FROM ${cursor}`)
      .execute(trx)
    for (const row of rows) digest.add(selected.map((c) => row[c]))
    if (rows.length < FETCH_ROWS) break
  }
  await sql.raw(`CLOSE ${cursor}`).execute(trx)
  return digest.digest()
}
