import Database from 'better-sqlite3'
import { describe, expect, test } from 'vitest'
import { compareTableDigests } from '../../../src/store/copy/compareTableDigests.ts'
import { createRowDigest, type TableDigest } from '../../../src/store/copy/createRowDigest.ts'
import { JOURNAL_COPY_TABLES } from '../../../src/store/copy/journalCopyTables.ts'
import { JOURNAL_MIGRATIONS } from '../../../src/store/sqlite/migrateJournal.ts'

function digestOf(rows: unknown[][]): TableDigest {
  const digest = createRowDigest()
  for (const row of rows) digest.add(row)
  return digest.digest()
}

describe('what ferry journal migrate copies', () => {
  test('default: every table the SQLite migrations create but sender_locks, each after the tables its foreign keys reference', () => {
    const db = new Database(':memory:')
    for (const migration of JOURNAL_MIGRATIONS) db.exec(migration)
    const tables = db
      .prepare<[], { name: string }>(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .all()
      .map((t) => t.name)
    const copied = JOURNAL_COPY_TABLES.map((t) => t.name)
    expect([...copied, 'sender_locks'].sort()).toEqual(tables)
    for (const [i, name] of copied.entries()) {
      const references = db
        .prepare<[string], { table: string }>('SELECT "table" FROM pragma_foreign_key_list(?)')
        .all(name)
        .map((r) => r.table)
      for (const referenced of references) expect(copied.indexOf(referenced)).toBeLessThan(i)
    }
    // Each key is the table's primary key (intents read in rowid order, kept as seq).
    for (const table of JOURNAL_COPY_TABLES) {
      const key = db
        .prepare<[string], { name: string; pk: number }>(
          'SELECT name, pk FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk',
        )
        .all(table.name)
        .map((c) => c.name)
      expect(key).toEqual(table.key)
    }
    db.close()
  })

  test('behavior: the row digest is the same for SQLite’s bigints and PostgreSQL’s numbers, and differs for any change', () => {
    const rows = [
      [1n, 'a', 0.30000000000000004, null],
      [2n, 'b|c', 1e-7, '{"x":"1180591620717411303425"}'],
    ]
    const fromSqlite = digestOf(rows)
    const fromPg = digestOf(rows.map((r) => r.map((v) => (typeof v === 'bigint' ? Number(v) : v))))
    expect(fromPg).toEqual(fromSqlite)
    expect(fromSqlite.rows).toBe(2)
    expect(digestOf([rows[1]!, rows[0]!]).sha256).not.toBe(fromSqlite.sha256)
    expect(digestOf([rows[0]!]).sha256).not.toBe(fromSqlite.sha256)
    // A value moved across a column boundary is another row.
    expect(digestOf([['a|b', 'c']]).sha256).not.toBe(digestOf([['a', 'b|c']]).sha256)
    expect(digestOf([[null]]).sha256).not.toBe(digestOf([['']]).sha256)
    expect(digestOf([['1']]).sha256).not.toBe(digestOf([[1]]).sha256)
  })

  test('behavior: a table is ok only when its row count and its digest both match', () => {
    const a = digestOf([[1n, 'x']])
    const b = digestOf([[1n, 'y']])
    const empty = digestOf([])
    expect(
      compareTableDigests([
        { table: 'intents', source: a, target: a },
        { table: 'quotes', source: a, target: b },
        { table: 'ticks', source: a, target: empty },
      ]),
    ).toEqual([
      { table: 'intents', sourceRows: 1, targetRows: 1, sha256: a.sha256, ok: true },
      { table: 'quotes', sourceRows: 1, targetRows: 1, sha256: a.sha256, ok: false },
      { table: 'ticks', sourceRows: 1, targetRows: 0, sha256: a.sha256, ok: false },
    ])
  })
})
