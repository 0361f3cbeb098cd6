import { createServer } from 'node:net'
import { sql } from 'kysely'
import pg from 'pg'
import { describe, expect, test } from 'vitest'
import { FerryError } from '../../../src/common/FerryError.ts'
import { UsageError } from '../../../src/common/UsageError.ts'
import { JournalError } from '../../../src/store/contract/JournalError.ts'
import { type OpenPgJournalOptions, openPgJournal } from '../../../src/store/pg/openPgJournal.ts'
import { useTestPostgres } from '../../helpers/useTestPostgres.ts'

const { freshDatabase, server } = useTestPostgres('open')

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  return typeof address === 'object' && address ? address.port : 1
}

describe('opening the PostgreSQL journal', () => {
  test('default: a reopened journal keeps its records and runs no migration twice', async () => {
    const url = await freshDatabase()
    const first = await openPgJournal(url)
    expect(first.schemaVersion).toBe(12)
    await first.recordIntent({ id: 'i1', strategy: 's', route: 'r', params: {}, notionalUsd: 2 })
    await first.close()
    await first.close()
    const again = await openPgJournal(url)
    try {
      expect((await again.getIntent('i1'))?.notionalUsd).toBe(2)
      const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM kysely_migration`.execute(
        again.db,
      )
      expect(rows[0]?.n).toBe(12)
    } finally {
      await again.close()
    }
  })

  test('behavior: a journal migrated by a newer ferry is refused, naming what this build lacks', async () => {
    const url = await freshDatabase()
    const store = await openPgJournal(url)
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('0099_future', '2030-01-01')`.execute(
      store.db,
    )
    await store.close()
    const opening = openPgJournal(url)
    await expect(opening).rejects.toBeInstanceOf(JournalError)
    await expect(opening).rejects.toMatchObject({
      shortMessage: 'the PostgreSQL journal was migrated by a newer ferry',
      metaMessages: expect.arrayContaining(['unknown migrations: 0099_future']),
    })
  })

  test('behavior: an unreachable database is a JournalError naming it, without its password', async () => {
    const port = await closedPort()
    const opening = openPgJournal(`postgres://ferry:s3cret-pw@127.0.0.1:${port}/ferry`, {
      connectTimeoutMs: 2_000,
    })
    const error = (await opening.catch((e: unknown) => e)) as JournalError
    expect(error).toBeInstanceOf(JournalError)
    expect(error.shortMessage).toBe(
      `the PostgreSQL journal cannot be reached: connection refused at 127.0.0.1:${port}`,
    )
    expect(error.metaMessages[0]).toBe(`database: postgres://ferry:***@127.0.0.1:${port}/ferry`)
    expect(error.message).not.toContain('s3cret-pw')
  })
})

/** Opens `url` and returns what it threw (a short connect timeout for the silent peer). */
async function refusal(url: string, options: OpenPgJournalOptions = {}): Promise<FerryError> {
  const error = await openPgJournal(url, { connectTimeoutMs: 1_000, ...options }).then(
    async (store) => {
      await store.close()
      throw new Error('opened')
    },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FerryError)
  return error as FerryError
}

/** The text a person sees: the message and every detail line. */
const shown = (error: FerryError): string => [error.shortMessage, ...error.metaMessages].join('\n')

describe('a PostgreSQL journal that cannot be opened names the cause and its fix (docs/operations.md §8.6)', () => {
  test('error: a wrong password is an authentication failure naming the user, never the password (exit 2)', async () => {
    const url = new URL(server().url)
    url.password = 'Wrong-Pw-7731'
    const error = await refusal(url.toString())
    expect(error).toBeInstanceOf(UsageError)
    expect(error.shortMessage).toContain('authentication failed for user "ferry"')
    expect(shown(error)).toMatch(/fix: check the user and the password/)
    expect(error.message).not.toContain('Wrong-Pw-7731')
    expect(error.message).not.toContain('ferry-test')
  })

  test('error: a database that does not exist is named with its fix (exit 2)', async () => {
    const url = new URL(server().url)
    url.pathname = '/no_such_db'
    const error = await refusal(url.toString())
    expect(error).toBeInstanceOf(UsageError)
    expect(error.shortMessage).toContain(
      `the database "no_such_db" does not exist on 127.0.0.1:${url.port}`,
    )
    expect(shown(error)).toContain('fix: create it (CREATE DATABASE no_such_db)')
  })

  test('error: a host that does not resolve is "host not found" (a .invalid name fails without a network)', async () => {
    const error = await refusal('postgres://ferry:Pw-99-invalid@db.ferry-test.invalid:5432/ferry')
    expect(error).toBeInstanceOf(JournalError)
    expect(error.shortMessage).toBe(
      'the PostgreSQL journal cannot be reached: host not found: db.ferry-test.invalid',
    )
    expect(shown(error)).toContain('fix: fix the host name in the URL')
    expect(error.message).not.toContain('Pw-99-invalid')
  })

  test('error: a peer that accepts but never answers is "no answer within the timeout"', async () => {
    const silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as { port: number }
    try {
      const error = await refusal(`postgres://ferry:pw@127.0.0.1:${port}/ferry`, {
        connectTimeoutMs: 300,
      })
      expect(error).toBeInstanceOf(JournalError)
      expect(error.shortMessage).toBe(
        `the PostgreSQL journal cannot be reached: no answer from 127.0.0.1:${port} within 300 ms`,
      )
      expect(shown(error)).toContain('fix: check that 127.0.0.1:')
    } finally {
      silent.close()
    }
  })

  test('behavior: with requireJournal an empty database is refused (exit 2) and left empty; a journal opens', async () => {
    const url = await freshDatabase()
    const error = await refusal(url, { requireJournal: true })
    expect(error).toBeInstanceOf(UsageError)
    expect(error.shortMessage).toContain('holds no ferry journal; nothing was created')
    expect(error.message).not.toContain('ferry-test')
    const pool = new pg.Pool({ connectionString: url, max: 1 })
    const { rows } = await pool.query(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
    )
    await pool.end()
    expect(rows[0].n).toBe(0)
    await (await openPgJournal(url)).close()
    const reader = await openPgJournal(url, { requireJournal: true })
    expect(reader.schemaVersion).toBe(12)
    await reader.close()
  })
})
