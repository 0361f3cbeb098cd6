import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { runJournalChild } from './runJournalChild.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('write-ahead durability', () => {
  test('default: a process SIGKILLed right after recordSignedAttempt returns loses nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ferry-store-'))
    dirs.push(dir)
    const db = join(dir, 'journal.sqlite')
    const child = runJournalChild({ action: 'attempts', db, count: 25 })
    const ended = await child.exited
    expect(ended.signal, child.stderr()).toBe('SIGKILL')

    const journal = openJournal(db)
    try {
      expect(journal.nonTerminalIntents().map((i) => i.id)).toEqual(['intent-crash'])
      const [pending] = journal.pendingReconciliations()
      expect(pending?.intent.params).toEqual({ amountIn: 10n ** 30n })
      expect(pending?.attempts).toHaveLength(25)
      const last = pending!.attempts.at(-1)!
      expect(last).toMatchObject({
        nonce: 24,
        rawTx: '0x02f80018',
        hash: `0x${(24).toString(16).padStart(64, '0')}`,
        state: 'signed',
        maxFeePerGas: 2n ** 70n + 24n,
      })
      expect(journal.highestNonce(42161, '0x00000000000000000000000000000000000000AA')).toBe(24)
    } finally {
      journal.close()
    }
  })
})
