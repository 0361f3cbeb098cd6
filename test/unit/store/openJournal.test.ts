import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, test } from 'vitest'
import { JournalError } from '../../../src/store/contract/JournalError.ts'
import { JournalFileError } from '../../../src/store/sqlite/JournalFileError.ts'
import { JOURNAL_MIGRATIONS } from '../../../src/store/sqlite/migrateJournal.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
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

  test('behavior: a new journal only in a folder that exists, unless createFolder', () => {
    const path = join(tmpDir(), 'typo', 'journal.sqlite')
    expect(() => openJournal(path)).toThrow(JournalFileError)
    expect(() => openJournal(path)).toThrow(/its folder .*typo does not exist/)
    const journal = openJournal(path, { createFolder: true })
    expect(journal.schemaVersion).toBe(JOURNAL_MIGRATIONS.length)
    journal.close()
  })

  test('behavior: readonly reads a journal, writes nothing and refuses to write', () => {
    const { journal, path } = tmpJournal()
    journal.recordIntent({ id: 'a', strategy: 's', route: 'r', params: {}, notionalUsd: 1 })
    journal.close()
    const reader = openJournal(path, { readonly: true })
    expect(reader.getIntent('a')?.state).toBe('journaled')
    expect(() =>
      reader.recordIntent({ id: 'b', strategy: 's', route: 'r', params: {}, notionalUsd: 1 }),
    ).toThrow(/readonly/)
    reader.close()
  })

  test('behavior: readonly refuses a missing file, a non-database and a database without tables', () => {
    const dir = tmpDir()
    const missing = join(dir, 'missing.sqlite')
    expect(() => openJournal(missing, { readonly: true })).toThrow(
      /missing\.sqlite: does not exist/,
    )
    const garbage = join(dir, 'garbage.sqlite')
    writeFileSync(garbage, 'this is not a database, it is a text file of some length')
    for (const readonly of [true, false]) {
      const error = catchError(() => openJournal(garbage, { readonly }))
      expect(error).toBeInstanceOf(JournalFileError)
      expect((error as JournalFileError).path).toBe(garbage)
      expect((error as Error).message).toContain('is not a ferry journal')
      expect((error as Error).message).toContain('fix: pass --journal')
    }
    const empty = join(dir, 'empty.sqlite')
    new Database(empty).close()
    expect(() => openJournal(empty, { readonly: true })).toThrow(
      /empty\.sqlite: is not a ferry journal/,
    )
  })
})

function catchError(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}
