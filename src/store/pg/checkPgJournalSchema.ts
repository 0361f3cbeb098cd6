import { type Kysely, sql } from 'kysely'
import { UsageError } from '../../common/UsageError.ts'
import { JournalError } from '../contract/JournalError.ts'
import { PG_JOURNAL_MIGRATIONS } from './migratePgJournal.ts'
import type { PgJournalTables } from './PgJournalTables.ts'

/**
 * For a reader (`history`, `status`, `report`, `replay`, `cluster status`, `cancel`): checks,
 * without creating or changing anything, that the database holds a ferry journal of this build's
 * schema. Returns the number of migrations. `database` names it in messages (password redacted).
 * @throws UsageError (exit 2) when it holds no ferry journal, or one an older ferry wrote (a
 *   `ferry run` upgrades it); JournalError when a newer ferry migrated it.
 */
export async function checkPgJournalSchema(
  db: Kysely<PgJournalTables>,
  database: string,
): Promise<number> {
  const known = Object.keys(PG_JOURNAL_MIGRATIONS)
  const present = await sql<{ present: boolean }>`
    SELECT to_regclass('kysely_migration') IS NOT NULL AS present`.execute(db)
  const names =
    present.rows[0]?.present === true
      ? (await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db)).rows.map(
          (r) => r.name,
        )
      : []
  if (!names.includes(known[0] as string)) {
    throw new UsageError(
      `journal ${database}`,
      'holds no ferry journal; nothing was created',
      'point --journal, FERRY_JOURNAL_URL or journal.url at the database ferry run writes (a first ferry run, or ferry journal migrate, creates the journal)',
    )
  }
  const unknown = names.filter((name) => !known.includes(name))
  if (unknown.length > 0) {
    throw new JournalError('the PostgreSQL journal was migrated by a newer ferry', {
      metaMessages: [
        `unknown migrations: ${unknown.join(', ')}`,
        `this build knows: ${known.length}`,
        'fix: run the ferry version that migrated it, or upgrade ferry (docs/operations.md §6)',
      ],
    })
  }
  const missing = known.filter((name) => !names.includes(name))
  if (missing.length > 0) {
    throw new UsageError(
      `journal ${database}`,
      `was written by an older ferry (missing migrations: ${missing.join(', ')}); a reader does not upgrade it`,
      'run ferry run with this build once against it (it upgrades the schema), then read again',
    )
  }
  return known.length
}
