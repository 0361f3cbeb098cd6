import type Database from 'better-sqlite3'
import { describe, expect, test } from 'vitest'
import { setWalMode } from '../../../../src/store/sqlite/setWalMode.ts'

/** A connection whose `journal_mode` switch fails with `codes`, in turn, then succeeds. */
function connection(codes: string[]): { db: Database.Database; calls: () => number } {
  let calls = 0
  const db = {
    pragma: () => {
      const code = codes[calls++]
      if (code) throw Object.assign(new Error(code), { code })
      return 'wal'
    },
  } as unknown as Database.Database
  return { db, calls: () => calls }
}

describe('setWalMode (a journal opened by several processes at once)', () => {
  test('behavior: SQLITE_BUSY, which SQLite returns without its busy handler, is waited out', () => {
    const { db, calls } = connection(['SQLITE_BUSY', 'SQLITE_BUSY'])
    setWalMode(db, 5_000)
    expect(calls()).toBe(3)
  })

  test('behavior: past the timeout the BUSY error is thrown, for the caller to name the file', () => {
    const { db } = connection(Array(1_000).fill('SQLITE_BUSY'))
    expect(() => setWalMode(db, 0)).toThrow('SQLITE_BUSY')
  })

  test('behavior: any other error is thrown at once', () => {
    const { db, calls } = connection(['SQLITE_READONLY'])
    expect(() => setWalMode(db, 5_000)).toThrow('SQLITE_READONLY')
    expect(calls()).toBe(1)
  })
})
