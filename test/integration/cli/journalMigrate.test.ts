import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createManualClock } from '../../../src/common/clock.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { fillTestJournal } from '../../helpers/fillTestJournal.ts'
import { runFerry } from '../../helpers/runFerry.ts'
import { useTestPostgres } from '../../helpers/useTestPostgres.ts'

const TABLES = [
  'intents',
  'quotes',
  'approvals',
  'attempts',
  'orders',
  'hook_steps',
  'observations',
  'postponements',
  'ticks',
]

const postgres = useTestPostgres('cli')
const freshDatabase = (): Promise<string> => postgres.freshDatabase()
let dir: string
let journalPath: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ferry-migrate-cli-'))
  journalPath = join(dir, 'ferry.journal.sqlite')
  const clock = createManualClock(1_700_000_000_000)
  const journal = openJournal(journalPath, { clock })
  fillTestJournal(journal, clock, 5)
  journal.close()
}, 60_000)
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
})

const redacted = (url: string): string => url.replace(':ferry-test@', ':***@')

describe('ferry journal migrate (the built CLI)', () => {
  test('default: copies the journal, one line per table and a summary, exit 0; a second migrate exits 2', async () => {
    const url = await freshDatabase()
    const run = await runFerry(['journal', 'migrate', '--from', journalPath, '--to', url])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const lines = run.stdout.trimEnd().split('\n')
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual([...TABLES, 'copied'])
    expect(lines[0]).toMatch(/^intents +7 → +7 ok$/)
    expect(lines[6]).toMatch(/^observations +7 → +7 ok$/)
    expect(lines.at(-1)).toBe(
      `copied 32 rows of 9 tables from ${journalPath} to ${redacted(url)} in one transaction, verified`,
    )
    expect(run.stdout).not.toContain('ferry-test')

    const again = await runFerry(['journal', 'migrate', '--from', journalPath, '--to', url])
    expect(again.code).toBe(2)
    expect(again.stdout).toBe('')
    expect(again.stderr).toContain(`ferry: --to: ${redacted(url)} already holds journal rows`)
    expect(again.stderr).toContain('(fix: migrate into an empty database')
  })

  test('behavior: FERRY_JOURNAL and FERRY_JOURNAL_URL stand in for --from and --to; --json prints the report', async () => {
    const url = await freshDatabase()
    const run = await runFerry(['--json', 'journal', 'migrate'], {
      FERRY_JOURNAL: journalPath,
      FERRY_JOURNAL_URL: url,
    })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout)
    expect(report).toMatchObject({ from: journalPath, to: redacted(url), rows: 32 })
    expect(report.tables.map((t: { table: string }) => t.table)).toEqual(TABLES)
    for (const table of report.tables) {
      expect(table).toMatchObject({ ok: true, targetRows: table.sourceRows })
      expect(table.sha256).toMatch(/^[0-9a-f]{64}$/)
    }
    const pool = new pg.Pool({ connectionString: url, max: 1 })
    try {
      expect((await pool.query('SELECT COUNT(*)::int AS n FROM intents')).rows[0].n).toBe(7)
    } finally {
      await pool.end()
    }
  })

  test('behavior: a missing file, no database, or a URL that is not PostgreSQL’s exit 2 with the fix', async () => {
    const url = await freshDatabase()
    const missing = join(dir, 'nope.sqlite')
    const noFile = await runFerry(['journal', 'migrate', '--from', missing, '--to', url])
    expect(noFile.code).toBe(2)
    expect(noFile.stderr).toContain(`ferry: journal ${missing}: does not exist (fix: pass --from`)

    const noUrl = await runFerry(['journal', 'migrate', '--from', journalPath])
    expect(noUrl.code).toBe(2)
    expect(noUrl.stderr).toContain('ferry: --to: no PostgreSQL database given (fix: pass --to')

    const mysql = await runFerry([
      'journal',
      'migrate',
      '--from',
      journalPath,
      '--to',
      'mysql://root:hunter2@db/ferry',
    ])
    expect(mysql.code).toBe(2)
    expect(mysql.stderr).toContain(
      'ferry: --to: the URL scheme "mysql:" is not one ferry opens as a journal (supported: postgres://, postgresql://)',
    )
    expect(mysql.stderr).not.toContain('hunter2')
    expect(noFile.stderr + noUrl.stderr + mysql.stderr).not.toMatch(/\n\s+at /)
  })

  test('behavior: an unreachable database exits 1 without its password', async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as { port: number }).port
    await new Promise((resolve) => probe.close(resolve))
    const run = await runFerry([
      'journal',
      'migrate',
      '--from',
      journalPath,
      '--to',
      `postgresql://ferry:s3cret-pw@127.0.0.1:${port}/ferry`,
    ])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('ferry: the PostgreSQL journal cannot be reached')
    expect(run.stderr).not.toContain('s3cret-pw')
  })
})
