import { createServer } from 'node:net'
import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { JournalError } from '../../../src/store/JournalError.ts'
import { openPgJournal } from '../../../src/store/openPgJournal.ts'
import { useTestPostgres } from '../../helpers/useTestPostgres.ts'

const { freshDatabase } = useTestPostgres('open')

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
    expect(first.schemaVersion).toBe(11)
    await first.recordIntent({ id: 'i1', strategy: 's', route: 'r', params: {}, notionalUsd: 2 })
    await first.close()
    await first.close()
    const again = await openPgJournal(url)
    try {
      expect((await again.getIntent('i1'))?.notionalUsd).toBe(2)
      const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM kysely_migration`.execute(
        again.db,
      )
      expect(rows[0]?.n).toBe(11)
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
    expect(error.shortMessage).toBe('the PostgreSQL journal cannot be reached')
    expect(error.metaMessages).toEqual([`database: postgres://ferry:***@127.0.0.1:${port}/ferry`])
    expect(error.message).not.toContain('s3cret-pw')
  })
})
