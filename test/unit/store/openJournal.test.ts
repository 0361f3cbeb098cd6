import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, test } from 'vitest'
import { JournalError } from '../../../src/store/JournalError.ts'
import { JOURNAL_MIGRATIONS } from '../../../src/store/migrateJournal.ts'
import { openJournal } from '../../../src/store/openJournal.ts'
import { tmpDir, tmpJournal } from './tmpJournal.ts'

describe('openJournal', () => {
  test('default: WAL and synchronous=FULL hold, on every connection', () => {
    const { journal, path } = tmpJournal()
    expect(journal.pragmas()).toEqual({ journalMode: 'wal', synchronous: 2, foreignKeys: true })
    expect(journal.schemaVersion).toBe(JOURNAL_MIGRATIONS.length)
    // Read back independently: WAL persists in the file; FULL is per connection, which is why
    // openJournal sets and asserts it each time.
    const raw = new Database(path)
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(raw.pragma('user_version', { simple: true })).toBe(JOURNAL_MIGRATIONS.length)
    raw.close()
  })

  test('behavior: reopening keeps the data and re-runs no migration', () => {
    const { journal, path } = tmpJournal()
    journal.recordIntent({ id: 'a', strategy: 's', route: 'r', params: {}, notionalUsd: 1 })
    journal.close()
    const again = openJournal(path)
    expect(again.getIntent('a')?.state).toBe('journaled')
    expect(again.schemaVersion).toBe(JOURNAL_MIGRATIONS.length)
    again.close()
    again.close()
  })

  test('behavior: a journal from a newer ferry is refused', () => {
    const path = join(tmpDir(), 'journal.sqlite')
    const raw = new Database(path)
    raw.pragma(`user_version = ${JOURNAL_MIGRATIONS.length + 1}`)
    raw.close()
    expect(() => openJournal(path)).toThrow(/newer ferry/)
  })

  test('behavior: a database that cannot run WAL is refused', () => {
    expect(() => openJournal(':memory:')).toThrow(JournalError)
  })
})
