import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { type Clock, systemClock } from '../../common/clock.ts'
import { redactDatabaseUrl } from '../../common/redactDatabaseUrl.ts'
import { JournalError } from '../contract/JournalError.ts'
import type { JournalStore } from '../contract/JournalStore.ts'
import { DEFAULT_BATCH_HOLD_MS } from '../sqlite/createWriteBatch.ts'
import { checkPgJournalSchema } from './checkPgJournalSchema.ts'
import { createPgApprovalRecords } from './createPgApprovalRecords.ts'
import { createPgIntentRecords } from './createPgIntentRecords.ts'
import { createPgJournalQueries } from './createPgJournalQueries.ts'
import { createPgMarketRecords } from './createPgMarketRecords.ts'
import { createPgOrderRecords } from './createPgOrderRecords.ts'
import { createPgSendRecords } from './createPgSendRecords.ts'
import { createPgWriteBatch } from './createPgWriteBatch.ts'
import { migratePgJournal } from './migratePgJournal.ts'
import type { PgJournalTables } from './PgJournalTables.ts'
import { pgSessionSettings } from './pgSessionSettings.ts'
import { toPgConnectError } from './toPgConnectError.ts'

/** Options of {@link openPgJournal}. */
export type OpenPgJournalOptions = {
  /** Time source of every `*Ms` the journal writes (lease expiry excepted). Default the system clock. */
  clock?: Clock
  /** Most connections the pool opens. Default 10. */
  maxConnections?: number
  /** How long a new connection may take before the call fails, ms. Default 10 000. */
  connectTimeoutMs?: number
  /**
   * Longest a batch of grouped writes ({@link JournalStore.withinBatch}) holds its connection
   * and row locks before it commits on its own, ms. Default {@link DEFAULT_BATCH_HOLD_MS}.
   */
  batchHoldMs?: number
  /**
   * For the read commands and `ferry cancel`: neither create nor migrate the schema; the
   * database must already hold a ferry journal of this build's schema (checkPgJournalSchema).
   * Default false: the schema is created or brought up to date.
   */
  requireJournal?: boolean
  /**
   * The cluster's lease TTL, ms: every session then gets the server-side timeouts derived from it
   * ({@link pgSessionSettings}). Absent (the CLI's reads and copies): keepalives only.
   */
  leaseTtlMs?: number
}

/**
 * The journal on PostgreSQL, shared by several ferry processes. `db` is for the wallet leases
 * (`acquireWalletLease` and its kin), which only a shared journal has.
 */
export type PgJournalStore = JournalStore & {
  readonly backend: 'postgres'
  readonly db: Kysely<PgJournalTables>
  /**
   * A pool of one connection of its own for the cluster heartbeat, so a beat never queues behind
   * a lease statement or a journal write on `db` (docs/architecture.md §5).
   */
  readonly beatDb: Kysely<PgJournalTables>
  /** How many migrations this build knows; all are applied once the store is open. */
  readonly schemaVersion: number
}

const INT8_OID = 20
const SESSION_TIMEOUTS = [
  'statement_timeout',
  'lock_timeout',
  'idle_in_transaction_session_timeout',
] as const

/**
 * int8 (bigint) comes back as a number, as SQLite's INTEGER does: ms, ids, nonces, chain ids and
 * tokens all fit in 2^53. A value that does not is refused rather than rounded.
 */
function parseInt8(text: string): number {
  const value = Number(text)
  if (!Number.isSafeInteger(value)) {
    throw new JournalError('a bigint in the journal does not fit a number', {
      metaMessages: [`value: ${text}`],
    })
  }
  return value
}

/**
 * Opens the journal in the PostgreSQL database at `url` (`postgres://user:password@host/db`)
 * through a connection pool, and brings its schema to this build's (Kysely migrations, run once
 * however many processes start together). Every write is committed when its Promise resolves.
 * A connection the server drops (a restart) is replaced by the pool on the next call.
 * With `requireJournal` it only checks the schema. A failed connection names its cause
 * (toPgConnectError).
 * @throws JournalError when the database cannot be reached or migrated (the URL's password is
 *   never in the message); UsageError (exit 2) for a wrong user or password, a missing database,
 *   or, with `requireJournal`, a database without a ferry journal.
 */
export async function openPgJournal(
  url: string,
  options: OpenPgJournalOptions = {},
): Promise<PgJournalStore> {
  const clock = options.clock ?? systemClock
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000
  const types = new pg.TypeOverrides()
  types.setTypeParser(INT8_OID, parseInt8)
  const poolOf = (max: number) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: connectTimeoutMs,
      types,
      ...pgSessionSettings(options.leaseTtlMs),
    })
    // An idle connection cut by the server (restart, failover, a session timeout) errors here;
    // the pool has already dropped it, and the next query opens a new one. Without a listener it
    // would crash the process.
    pool.on('error', () => {})
    // A connection cut while checked out (the write batch's open transaction) errors on its
    // client: the pending or next query on it rejects, which is where the loss is told.
    pool.on('connect', (client) => {
      client.on('error', () => {})
    })
    return new Kysely<PgJournalTables>({ dialect: new PostgresDialect({ pool }) })
  }
  const db = poolOf(options.maxConnections ?? 10)
  const beatDb = poolOf(1)
  let schemaVersion: number
  try {
    // Reached first, so a wrong host or password is told apart from a failed migration.
    await sql`SELECT 1`.execute(db).catch((error: unknown) => {
      throw toPgConnectError(error, url, connectTimeoutMs)
    })
    // On one connection with the session timeouts off: a schema change may outlast them.
    schemaVersion = options.requireJournal
      ? await checkPgJournalSchema(db, redactDatabaseUrl(url))
      : await db.connection().execute(async (conn) => {
          for (const name of SESSION_TIMEOUTS) await sql`SET ${sql.raw(name)} = 0`.execute(conn)
          try {
            return await migratePgJournal(conn)
          } finally {
            for (const name of SESSION_TIMEOUTS) await sql`RESET ${sql.raw(name)}`.execute(conn)
          }
        })
  } catch (error) {
    await Promise.all([db.destroy(), beatDb.destroy()])
    throw error
  }
  let closed = false
  const batch = createPgWriteBatch(db, options.batchHoldMs ?? DEFAULT_BATCH_HOLD_MS)
  return {
    backend: 'postgres',
    db,
    beatDb,
    schemaVersion,
    ...createPgIntentRecords(batch, clock),
    ...createPgSendRecords(batch, clock, { db, flush: batch.flush }),
    ...createPgApprovalRecords(batch, clock),
    ...createPgOrderRecords(batch, clock),
    ...createPgMarketRecords(batch, clock),
    ...createPgJournalQueries(batch, clock),
    withinBatch: (work) => batch.within(work),
    flush: () => batch.flush(),
    async close() {
      if (closed) return
      closed = true
      try {
        await batch.flush()
      } finally {
        await Promise.all([db.destroy(), beatDb.destroy()])
      }
    },
  }
}
