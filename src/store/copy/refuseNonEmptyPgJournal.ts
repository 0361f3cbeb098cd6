import { type Kysely, sql } from 'kysely'
import { UsageError } from '../../common/UsageError.ts'
import type { PgJournalTables } from '../pg/PgJournalTables.ts'
import { JOURNAL_COPY_TARGET_TABLES } from './journalCopyTables.ts'
import { quoteIdent } from './quoteIdent.ts'

/**
 * Refuses a target database that already holds journal rows (a journal in use, or an earlier
 * migration): rows from two journals must never mix, and a copy over a journal would collide on
 * its ids. Run inside the copy's transaction after its tables are locked, so no row can arrive
 * between this check and the commit. `target` names the database (password redacted).
 * @throws UsageError naming the tables that hold rows and the fix (exit 2).
 */
export async function refuseNonEmptyPgJournal(
  trx: Kysely<PgJournalTables>,
  target: string,
): Promise<void> {
  const probe = JOURNAL_COPY_TARGET_TABLES.map(
    (t) => `SELECT '${t}' AS name WHERE EXISTS (SELECT 1 FROM ${quoteIdent(t)})`,
  ).join(' UNION ALL ')
  const { rows } = await sql.raw<{ name: string }>(probe).execute(trx)
  if (rows.length === 0) return
  throw new UsageError(
    '--to',
    `${target} already holds journal rows (${rows.map((r) => r.name).join(', ')})`,
    'migrate into an empty database (CREATE DATABASE …) and point --to or FERRY_JOURNAL_URL at it; nothing was written',
  )
}
