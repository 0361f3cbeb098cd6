import { createServer } from 'node:net'
import { describe, expect, test } from 'vitest'
import { JournalError } from '../../../src/store/JournalError.ts'
import { openPgJournal } from '../../../src/store/openPgJournal.ts'

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  return typeof address === 'object' && address ? address.port : 1
}

describe('opening the PostgreSQL journal', () => {
  test('behavior: an unreachable database is a JournalError naming it, without its password', async () => {
    const port = await closedPort()
    const opening = openPgJournal(`postgres://ferry:s3cret-pw@127.0.0.1:${port}/ferry`, {
      connectTimeoutMs: 2_000,
    })
    await expect(opening).rejects.toBeInstanceOf(JournalError)
    const error = (await opening.catch((e: unknown) => e)) as JournalError
    expect(error.shortMessage).toBe('the PostgreSQL journal cannot be reached')
    expect(error.metaMessages).toEqual([`database: postgres://ferry:***@127.0.0.1:${port}/ferry`])
    expect(error.message).not.toContain('s3cret-pw')
  })
})
