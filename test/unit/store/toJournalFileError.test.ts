import { describe, expect, test } from 'vitest'
import { UsageError } from '../../../src/common/UsageError.ts'
import { JournalFileError } from '../../../src/store/sqlite/JournalFileError.ts'
import { toJournalFileError } from '../../../src/store/sqlite/toJournalFileError.ts'

/** An error shaped as better-sqlite3's SqliteError: a message and SQLite's result code. */
function sqliteError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code })
}

describe('toJournalFileError', () => {
  const path = '/data/ferry.journal.sqlite'

  test.each([
    ['SQLITE_CANTOPEN', 'unable to open database file', 'cannot be opened', 'check the path'],
    ['SQLITE_READONLY', 'attempt to write a readonly database', 'is not writable', 'write access'],
    [
      'SQLITE_READONLY_DIRECTORY',
      'attempt to write a readonly database',
      'is not writable',
      'write access',
    ],
    ['SQLITE_NOTADB', 'file is not a database', 'is not a ferry journal', 'pass --journal'],
    ['SQLITE_CORRUPT', 'database disk image is malformed', 'is damaged', 'restore the journal'],
    ['SQLITE_BUSY', 'database is locked', 'stayed locked', 'fuser or lsof'],
    ['SQLITE_FULL', 'database or disk is full', 'the disk is full', 'free space'],
  ])(
    'behavior: %s names the path, the problem and the fix, SQLite text after',
    (code, raw, problem, fix) => {
      const error = toJournalFileError(sqliteError(code, raw), path)
      expect(error).toBeInstanceOf(JournalFileError)
      // A usage error: the CLI exits 2, printing ferry's own line first.
      expect(error).toBeInstanceOf(UsageError)
      const e = error as JournalFileError
      expect(e.path).toBe(path)
      expect(e.shortMessage.startsWith(`journal ${path}: `)).toBe(true)
      expect(e.shortMessage).toContain(problem)
      expect(e.metaMessages[0]).toMatch(/^fix: /)
      expect(e.metaMessages[0]).toContain(fix)
      expect(e.metaMessages).toContain(`sqlite: ${raw} (${code})`)
    },
  )

  test('behavior: a read-only open gets the read fix for a file it cannot open', () => {
    const error = toJournalFileError(
      sqliteError('SQLITE_CANTOPEN', 'x'),
      path,
      true,
    ) as JournalFileError
    expect(error.metaMessages[0]).toContain('give this user read access')
  })

  test('behavior: anything else passes through unchanged', () => {
    const other = new Error('boom')
    expect(toJournalFileError(other, path)).toBe(other)
    const constraint = sqliteError('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed')
    expect(toJournalFileError(constraint, path)).toBe(constraint)
    expect(toJournalFileError('text', path)).toBe('text')
  })
})
