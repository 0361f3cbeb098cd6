import type Database from 'better-sqlite3'
import { type Kysely, sql } from 'kysely'
import { FerryError } from '../../common/FerryError.ts'
import { redactDatabaseUrl } from '../../common/redactDatabaseUrl.ts'
import { JournalError } from '../contract/JournalError.ts'
import { openPgJournal } from '../pg/openPgJournal.ts'
import type { PgJournalTables } from '../pg/PgJournalTables.ts'
import {
  compareTableDigests,
  type JournalTableCopy,
  type TableDigestPair,
} from './compareTableDigests.ts'
import { copyJournalTable, type TableCopy } from './copyJournalTable.ts'
import { digestPgJournalTable } from './digestPgJournalTable.ts'
import { JournalCopyMismatchError } from './JournalCopyMismatchError.ts'
import { JOURNAL_COPY_TABLES, JOURNAL_COPY_TARGET_TABLES } from './journalCopyTables.ts'
import { openJournalSource } from './openJournalSource.ts'
import { quoteIdent } from './quoteIdent.ts'
import { refuseNonEmptyPgJournal } from './refuseNonEmptyPgJournal.ts'

/** Options of {@link copyJournalToPg}. */
export type CopyJournalOptions = {
  /**
   * Rows per INSERT. Default 1 000; fewer for a table whose columns would pass PostgreSQL's
   * 65 535 parameters per statement.
   */
  batchRows?: number
  /** How long connecting to PostgreSQL may take, ms. Default 10 000. */
  connectTimeoutMs?: number
  /** How long the copy waits for the locks of the target's tables, ms. Default 10 000. */
  lockTimeoutMs?: number
}

/** What {@link copyJournalToPg} copied, table by table. */
export type JournalCopyReport = {
  /** Absolute path of the SQLite journal. */
  from: string
  /** The PostgreSQL URL, password redacted. */
  to: string
  /** The SQLite journal's schema version (this build's). */
  schemaVersion: number
  /** Every copied table in copy (foreign-key) order; all `ok`, or nothing was committed. */
  tables: JournalTableCopy[]
  /** Rows copied in all. */
  rows: number
}

/**
 * Copies the SQLite journal at `fromPath` into the empty PostgreSQL journal at `toUrl`
 * (`ferry journal migrate`, docs/operations.md §8.2), in one PostgreSQL transaction: the
 * target's tables are locked and must hold no rows; every table but `sender_locks` is copied in
 * foreign-key order from one SQLite snapshot, ids, keys, values and JSON text as they are, and
 * `intents.seq` is SQLite's rowid (its commit-time trigger is off for the copy, so the intents
 * keep their order); each identity sequence is set past the copied ids (and past SQLite's
 * AUTOINCREMENT high-water mark, so no id is ever reused). Before COMMIT every table is read back
 * and its row count and digest compared with SQLite's; any difference rolls everything back.
 * The SQLite file is only read.
 * @throws JournalFileError (exit 2) when the file is missing, not a ferry journal, of another
 *   schema version, or in use by a live `ferry run`.
 * @throws UsageError (exit 2) when the database already holds journal rows.
 * @throws JournalError (exit 1) when PostgreSQL cannot be reached (password redacted), the copy
 *   fails, or it does not match ({@link JournalCopyMismatchError}); nothing is committed then.
 */
export async function copyJournalToPg(
  fromPath: string,
  toUrl: string,
  options: CopyJournalOptions = {},
): Promise<JournalCopyReport> {
  const source = openJournalSource(fromPath)
  try {
    const target = await openPgJournal(toUrl, {
      maxConnections: 1,
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    })
    const to = redactDatabaseUrl(toUrl)
    try {
      const tables = await target.db
        .transaction()
        .execute((trx) => copyAll(source.db, trx, to, options))
        .catch((error: unknown) => {
          throw toCopyError(error)
        })
      const rows = tables.reduce((sum, t) => sum + t.sourceRows, 0)
      return { from: source.path, to, schemaVersion: source.schemaVersion, tables, rows }
    } finally {
      await target.close()
    }
  } finally {
    source.close()
  }
}

/** The copy itself, inside the PostgreSQL transaction `trx`; throws to roll it back. */
async function copyAll(
  db: Database.Database,
  trx: Kysely<PgJournalTables>,
  to: string,
  options: CopyJournalOptions,
): Promise<JournalTableCopy[]> {
  await sql.raw(`SET LOCAL lock_timeout = ${options.lockTimeoutMs ?? 10_000}`).execute(trx)
  // Readers may go on; a ferry that writes to this database (or a second migrate) waits, and
  // then finds the rows.
  await sql
    .raw(`LOCK TABLE ${JOURNAL_COPY_TARGET_TABLES.map(quoteIdent).join(', ')} IN EXCLUSIVE MODE`)
    .execute(trx)
  await refuseNonEmptyPgJournal(trx, to)
  // The trigger would renumber every copied intent at COMMIT; with it off, seq is the rowid.
  await sql`ALTER TABLE intents DISABLE TRIGGER intents_commit_seq`.execute(trx)
  const columns = new Map<string, string[]>()
  const copies = new Map<string, TableCopy>()
  let autoincrement: Map<string, bigint>
  // One read transaction: every table from the same snapshot.
  db.exec('BEGIN')
  try {
    for (const table of JOURNAL_COPY_TABLES)
      columns.set(table.name, sqliteColumnsOf(db, table.name))
    autoincrement = autoincrementOf(db)
    for (const table of JOURNAL_COPY_TABLES) {
      const copy = await copyJournalTable(
        db,
        trx,
        table,
        columns.get(table.name)!,
        options.batchRows ?? 1_000,
      )
      copies.set(table.name, copy)
    }
  } finally {
    db.exec('COMMIT')
  }
  await sql`ALTER TABLE intents ENABLE TRIGGER intents_commit_seq`.execute(trx)
  for (const table of JOURNAL_COPY_TABLES) {
    if (table.identity === undefined) continue
    const copied = copies.get(table.name)!.maxIdentity
    const used = autoincrement.get(table.name) ?? 0n
    const past = copied > used ? copied : used
    if (past === 0n) continue
    await sql`SELECT setval(pg_get_serial_sequence(${table.name}, ${table.identity}), ${past.toString()}::bigint)`.execute(
      trx,
    )
  }
  const compared: TableDigestPair[] = []
  for (const table of JOURNAL_COPY_TABLES) {
    const target = await digestPgJournalTable(trx, table, columns.get(table.name)!)
    compared.push({ table: table.name, source: copies.get(table.name)!, target })
  }
  const tables = compareTableDigests(compared)
  if (tables.some((t) => !t.ok)) throw new JournalCopyMismatchError(tables)
  return tables
}

/** SQLite's columns of `table`, in their order. */
function sqliteColumnsOf(db: Database.Database, table: string): string[] {
  return db
    .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?) ORDER BY cid')
    .all(table)
    .map((c) => c.name)
}

/** The highest id each AUTOINCREMENT table ever gave, deleted rows' included. */
function autoincrementOf(db: Database.Database): Map<string, bigint> {
  const rows = db.prepare('SELECT name, seq FROM sqlite_sequence').safeIntegers(true).all() as {
    name: string
    seq: bigint
  }[]
  return new Map(rows.map((r) => [r.name, r.seq]))
}

/** A refusal or fault of ferry's passes as it is; the database's own error says what failed. */
function toCopyError(error: unknown): unknown {
  if (error instanceof FerryError) return error
  const text = error instanceof Error ? error.message : String(error)
  return new JournalError(
    `the copy into PostgreSQL failed, nothing was committed: ${text.split('\n')[0]}`,
    {
      metaMessages: [
        'fix: the database is as it was; fix what PostgreSQL reported, then migrate again',
      ],
      cause: error,
    },
  )
}
