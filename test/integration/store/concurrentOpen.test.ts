import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { JOURNAL_MIGRATIONS } from '../../../src/store/sqlite/migrateJournal.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { runJournalChild } from './runJournalChild.ts'

const WALLET = '0x2222222222222222222222222222222222222222'
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('journal opened by several processes', () => {
  test('default: processes racing to create one journal migrate it once and all get their lock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ferry-open-'))
    dirs.push(dir)
    const db = join(dir, 'journal.sqlite')
    const children = [1, 10, 137, 8453].map((chainId) =>
      runJournalChild({ action: 'try', db, chainId, address: WALLET }),
    )
    const lines = await Promise.all(children.map((child) => child.nextLine()))
    expect(lines.map((line) => line.ok)).toEqual([true, true, true, true])
    for (const child of children) expect((await child.exited).code).toBe(0)
    const journal = openJournal(db)
    expect(journal.schemaVersion).toBe(JOURNAL_MIGRATIONS.length)
    journal.close()
  })
})
