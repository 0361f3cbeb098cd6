import { describe, expect, test } from 'vitest'
import { formatJournalCopy } from '../../../src/cli/format/formatJournalCopy.ts'

describe('ferry journal migrate’s summary', () => {
  test('default: one aligned line per table, then what was copied where', () => {
    const text = formatJournalCopy({
      from: '/srv/ferry.journal.sqlite',
      to: 'postgres://ferry:***@db:5432/ferry',
      schemaVersion: 7,
      rows: 1_246,
      tables: [
        { table: 'intents', sourceRows: 1_234, targetRows: 1_234, sha256: 'a', ok: true },
        { table: 'hook_steps', sourceRows: 12, targetRows: 11, sha256: 'b', ok: false },
      ],
    })
    expect(text.split('\n')).toEqual([
      'intents    1234 → 1234 ok',
      'hook_steps   12 →   11 MISMATCH',
      'copied 1246 rows of 2 tables from /srv/ferry.journal.sqlite to postgres://ferry:***@db:5432/ferry in one transaction, verified',
    ])
  })
})
