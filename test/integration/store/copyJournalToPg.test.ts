import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { sql } from 'kysely'
import pg from 'pg'
import { describe, expect, test } from 'vitest'
import { UsageError } from '../../../src/common/UsageError.ts'
import { heartbeatClusterInstance } from '../../../src/store/cluster/heartbeatClusterInstance.ts'
import { JournalError } from '../../../src/store/contract/JournalError.ts'
import { copyJournalToPg } from '../../../src/store/copy/copyJournalToPg.ts'
import { JournalCopyMismatchError } from '../../../src/store/copy/JournalCopyMismatchError.ts'
import { JOURNAL_COPY_TARGET_TABLES } from '../../../src/store/copy/journalCopyTables.ts'
import { openPgJournal } from '../../../src/store/pg/openPgJournal.ts'
import { JournalFileError } from '../../../src/store/sqlite/JournalFileError.ts'
import { JOURNAL_MIGRATIONS } from '../../../src/store/sqlite/migrateJournal.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { FILL_FROM } from '../../helpers/fillTestJournal.ts'
import {
  answers,
  cleanups,
  filledJournal,
  pgCounts,
  sqliteCounts,
  TABLES,
  tmpDir,
  useCopyJournalWorld,
} from './copyJournalWorld.ts'

const { freshDatabase } = useCopyJournalWorld()

describe('ferry journal migrate: SQLite into PostgreSQL', () => {
  test('default: copies every table in small batches, verified, and the copy answers every read as SQLite does', async () => {
    const { path, clock } = filledJournal(40)
    const url = await freshDatabase()
    const report = await copyJournalToPg(path, url, { batchRows: 7 })

    const counts = sqliteCounts(path)
    expect(report.tables.map((t) => t.table)).toEqual(TABLES)
    for (const t of report.tables) {
      expect(t).toMatchObject({
        sourceRows: counts[t.table],
        targetRows: counts[t.table],
        ok: true,
      })
    }
    expect(counts.observations).toBe(42)
    expect(counts.ticks).toBe(2)
    expect(report.rows).toBe(Object.values(counts).reduce((a, b) => a + b, 0))
    expect(report.to).toBe(url.replace(':ferry-test@', ':***@'))
    expect(await pgCounts(url)).toEqual({ ...counts, wallet_leases: 0 })

    const sqlite = toJournalStore(openJournal(path, { readonly: true, clock }))
    const copy = await openPgJournal(url, { clock })
    cleanups.push(
      () => sqlite.close(),
      () => copy.close(),
    )
    const expected = await answers(sqlite, clock.nowMs())
    expect(expected.pending.length).toBe(5)
    expect(expected.history.length).toBe(7)
    expect(await answers(copy, clock.nowMs())).toEqual(expected)
  })

  test('behavior: intents keep SQLite’s rowid as seq, JSON text and values are byte for byte, sender locks stay behind', async () => {
    const { path } = filledJournal()
    // A crashed run's lock row: its pid is dead, so it does not stop the copy, nor is it copied.
    const dead = spawnSync(process.execPath, ['-e', '']).pid
    const raw = new Database(path)
    raw
      .prepare('INSERT INTO sender_locks VALUES (42161, ?, ?, ?, 1, 1, 2)')
      .run(FILL_FROM.toLowerCase(), 'ferry-run:gone', dead)
    const sqliteIntents = raw.prepare('SELECT rowid AS seq, * FROM intents ORDER BY rowid').all()
    const sqliteObservations = raw.prepare('SELECT * FROM observations ORDER BY id').all()
    raw.close()
    const url = await freshDatabase()
    await copyJournalToPg(path, url)

    const pool = new pg.Pool({ connectionString: url, max: 1 })
    cleanups.push(() => pool.end())
    const intents = await pool.query(
      'SELECT seq::int AS seq, id, strategy, route, params_json, notional_usd, state, reason, created_ms::float8 AS created_ms, updated_ms::float8 AS updated_ms FROM intents ORDER BY seq',
    )
    expect(intents.rows).toEqual(sqliteIntents)
    // Same ms, journal order: ids that sort the other way round keep it.
    expect(intents.rows.map((r) => r.id).slice(1, 3)).toEqual(['z-first', 'a-second'])
    const observations = await pool.query(
      'SELECT id::int AS id, strategy, data_json, observed_ms::float8 AS observed_ms FROM observations ORDER BY id',
    )
    expect(observations.rows).toEqual(sqliteObservations)
    expect((await pool.query('SELECT COUNT(*)::int AS n FROM sender_locks')).rows[0].n).toBe(0)
    // The commit-order trigger is on again for the journal's own writes.
    const trigger = await pool.query(
      `SELECT tgenabled FROM pg_trigger WHERE tgname = 'intents_commit_seq'`,
    )
    expect(trigger.rows).toEqual([{ tgenabled: 'O' }])
  })

  test('behavior: later writes on PostgreSQL take ids past every id SQLite gave, and intents seq past the copied ones', async () => {
    const { path, clock } = filledJournal()
    const raw = new Database(path, { readonly: true })
    const highest = Object.fromEntries(
      (
        raw.prepare('SELECT name, seq FROM sqlite_sequence').all() as {
          name: string
          seq: number
        }[]
      ).map((r) => [r.name, r.seq]),
    )
    const maxTickId = (raw.prepare('SELECT MAX(id) AS id FROM ticks').get() as { id: number }).id
    raw.close()
    expect(highest.ticks).toBeGreaterThan(maxTickId)
    const url = await freshDatabase()
    await copyJournalToPg(path, url)

    const store = await openPgJournal(url, { clock })
    cleanups.push(() => store.close())
    clock.advanceMs(10)
    await store.recordIntent({
      id: 'after',
      strategy: 's',
      route: 'r1',
      params: {},
      notionalUsd: 1,
    })
    const quoteId = await store.recordQuote({
      intentId: 'after',
      endpoint: 'e',
      request: {},
      response: {},
    })
    const observationId = await store.recordObservation('usdc', { kind: 'note' })
    await store.recordTick({ tickMs: clock.nowMs(), strategies: [], balances: [] })
    expect(quoteId).toBe(highest.quotes! + 1)
    expect(observationId).toBe(highest.observations! + 1)
    const ticks = await store.db.selectFrom('ticks').select('id').orderBy('id').execute()
    expect(ticks.at(-1)?.id).toBe(highest.ticks! + 1)
    const seqs = await store.db.selectFrom('intents').select(['id', 'seq']).orderBy('seq').execute()
    // The copied intents hold 1..7 (their rowids); the trigger gives a new one a later seq.
    expect(seqs.map((r) => r.seq).slice(0, -1)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(seqs.at(-1)?.id).toBe('after')
    expect(seqs.at(-1)?.seq).toBeGreaterThan(7)
    expect((await store.history({ limit: 1 }))[0]?.intent.id).toBe('after')
  })

  test('behavior: a database that already holds journal rows is refused and left as it was', async () => {
    const { path } = filledJournal()
    const url = await freshDatabase()
    const store = await openPgJournal(url)
    await store.recordIntent({
      id: 'theirs',
      strategy: 's',
      route: 'r',
      params: {},
      notionalUsd: 9,
    })
    await store.close()

    const refused = await copyJournalToPg(path, url).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(UsageError)
    expect((refused as UsageError).shortMessage).toBe(
      `--to: ${url.replace(':ferry-test@', ':***@')} already holds journal rows (intents)`,
    )
    const counts = await pgCounts(url)
    expect(counts).toEqual({
      ...Object.fromEntries(TABLES.map((t) => [t, 0])),
      intents: 1,
      wallet_leases: 0,
    })
  })

  test('behavior: the empty-target check covers every table of the PostgreSQL journal: a database with only a cluster instance’s row is refused', async () => {
    const url = await freshDatabase()
    const store = await openPgJournal(url)
    const { rows } = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely_migration%'`.execute(store.db)
    expect(rows.map((r) => r.name).sort()).toEqual([...JOURNAL_COPY_TARGET_TABLES].sort())
    await heartbeatClusterInstance(store, { id: 'i1', host: 'h', pid: 1, leaseTtlMs: 10_000 })
    await store.close()
    await expect(copyJournalToPg(filledJournal().path, url)).rejects.toMatchObject({
      name: 'UsageError',
      shortMessage: expect.stringMatching(/already holds journal rows \(cluster_instances\)$/),
    })
  })

  test('behavior: a second migrate into the same database is refused; the first copy stays whole', async () => {
    const { path } = filledJournal()
    const url = await freshDatabase()
    await copyJournalToPg(path, url)
    const before = await pgCounts(url)
    await expect(copyJournalToPg(path, url)).rejects.toMatchObject({
      name: 'UsageError',
      shortMessage: expect.stringMatching(
        /already holds journal rows \(intents, quotes, approvals, attempts, orders, hook_steps, observations, postponements, ticks\)$/,
      ),
    })
    expect(await pgCounts(url)).toEqual(before)
  })

  test('behavior: a copy PostgreSQL does not keep as read is rolled back whole, naming the table', async () => {
    const { path } = filledJournal(3)
    const url = await freshDatabase()
    const store = await openPgJournal(url)
    await store.close()
    const pool = new pg.Pool({ connectionString: url, max: 1 })
    cleanups.push(() => pool.end())
    // A rule of the database's own that changes what is inserted: the digest sees it.
    await pool.query(`CREATE FUNCTION pad() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.data_json := NEW.data_json || ' '; RETURN NEW; END $$`)
    await pool.query(
      'CREATE TRIGGER pad BEFORE INSERT ON observations FOR EACH ROW EXECUTE FUNCTION pad()',
    )

    const error = (await copyJournalToPg(path, url).catch(
      (e: unknown) => e,
    )) as JournalCopyMismatchError
    expect(error).toBeInstanceOf(JournalCopyMismatchError)
    expect(error).toBeInstanceOf(JournalError)
    expect(error.shortMessage).toBe(
      'the copy does not match the SQLite journal (observations); nothing was committed',
    )
    expect(error.tables.filter((t) => !t.ok)).toEqual([
      expect.objectContaining({ table: 'observations', sourceRows: 5, targetRows: 5 }),
    ])
    expect(Object.values(await pgCounts(url)).every((n) => n === 0)).toBe(true)
    const trigger = await pool.query(
      `SELECT tgenabled FROM pg_trigger WHERE tgname = 'intents_commit_seq'`,
    )
    expect(trigger.rows).toEqual([{ tgenabled: 'O' }])
  })

  test('behavior: a journal a live process holds a sender lock of is refused, naming the pid', async () => {
    const { path } = filledJournal()
    const journal = openJournal(path)
    const lock = journal.acquireSenderLock(42161, FILL_FROM, 'ferry-run:test', 60_000)
    cleanups.push(() => journal.close())
    const url = await freshDatabase()
    const error = (await copyJournalToPg(path, url).catch((e: unknown) => e)) as JournalFileError
    expect(error).toBeInstanceOf(JournalFileError)
    expect(error.shortMessage).toBe(
      `journal ${path}: is in use: process ${process.pid} holds the sender lock of ${FILL_FROM.toLowerCase()} on chain 42161`,
    )
    expect(error.metaMessages[0]).toMatch(/^fix: stop that ferry run/)
    lock.release()
    expect((await copyJournalToPg(path, url)).tables.every((t) => t.ok)).toBe(true)
  })

  test('behavior: a missing file, a file that is not a journal, and an older or newer schema are refused before the database is reached', async () => {
    // Nothing listens here: a refusal of the file must come first.
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as { port: number }).port
    await new Promise((resolve) => probe.close(resolve))
    const unreachable = `postgres://ferry:pw@127.0.0.1:${port}/ferry`
    const dir = tmpDir()
    const refusal = async (path: string): Promise<string> => {
      const error = await copyJournalToPg(path, unreachable, { connectTimeoutMs: 2_000 }).catch(
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(JournalFileError)
      return (error as JournalFileError).shortMessage
    }
    expect(await refusal(join(dir, 'missing.sqlite'))).toMatch(/: does not exist$/)
    writeFileSync(join(dir, 'notes.txt'), 'not a database, clearly not one at all '.repeat(50))
    expect(await refusal(join(dir, 'notes.txt'))).toMatch(/is not a ferry journal/)
    const older = new Database(join(dir, 'older.sqlite'))
    older.exec(JOURNAL_MIGRATIONS[0]!)
    older.pragma('user_version = 1')
    older.close()
    expect(await refusal(join(dir, 'older.sqlite'))).toMatch(/was written by an older ferry/)
    const newer = new Database(join(dir, 'newer.sqlite'))
    newer.pragma(`user_version = ${JOURNAL_MIGRATIONS.length + 1}`)
    newer.close()
    expect(await refusal(join(dir, 'newer.sqlite'))).toMatch(/was written by a newer ferry/)
    // And with a good file, the unreachable database is a fault (exit 1), its password redacted.
    const { path } = filledJournal()
    const error = (await copyJournalToPg(path, unreachable, { connectTimeoutMs: 2_000 }).catch(
      (e: unknown) => e,
    )) as JournalError
    expect(error).toBeInstanceOf(JournalError)
    expect(error.shortMessage).toMatch(
      /^the PostgreSQL journal cannot be reached: connection refused at 127.0.0.1:/,
    )
    expect(error.message).not.toContain(':pw@')
  })
})
