import { resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { findInlineSecrets } from '../../../src/settings/findInlineSecrets.ts'
import { isPostgresUrl } from '../../../src/settings/journalSettingsSchema.ts'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'
import {
  describeJournalTarget,
  resolveJournalTarget,
} from '../../../src/settings/resolveJournalTarget.ts'
import { resolveJournalUrl } from '../../../src/settings/resolveJournalUrl.ts'

const PG = 'postgres://ferry:s3cret@db:5432/ferry'

describe('resolveJournalTarget', () => {
  test('default: without a URL anywhere, the SQLite file beside the config', () => {
    expect(resolveJournalTarget('config/demo.yaml', {}, undefined, {})).toEqual({
      kind: 'sqlite',
      path: resolve('config/ferry.journal.sqlite'),
    })
  })

  test('behavior: FERRY_JOURNAL_URL, then journal.url, select PostgreSQL over FERRY_JOURNAL', () => {
    const env = { FERRY_JOURNAL: '/tmp/j.sqlite', FERRY_JOURNAL_URL: PG }
    expect(resolveJournalTarget('c.yaml', {}, 'postgres://other/x', env)).toEqual({
      kind: 'postgres',
      url: PG,
    })
    expect(
      resolveJournalTarget('c.yaml', {}, 'postgres://other/x', { FERRY_JOURNAL: '/j' }),
    ).toEqual({ kind: 'postgres', url: 'postgres://other/x' })
  })

  test('behavior: a --journal flag wins: a URL is PostgreSQL, a path is that SQLite file', () => {
    expect(resolveJournalTarget('c.yaml', { journal: PG }, undefined, {})).toEqual({
      kind: 'postgres',
      url: PG,
    })
    expect(
      resolveJournalTarget('c.yaml', { journal: 'x.sqlite' }, undefined, { FERRY_JOURNAL_URL: PG }),
    ).toEqual({ kind: 'sqlite', path: resolve('x.sqlite') })
  })

  test('behavior: journal.url, --journal and journal migrate --to agree on what a PostgreSQL URL is', () => {
    const urls = {
      'postgres:///ferry': true,
      'postgresql:///ferry?host=/var/run/postgresql': true,
      'postgres://db:5432/ferry': true,
      'mysql://db/ferry': false,
      'db:5432/ferry': false,
    }
    for (const [url, postgres] of Object.entries(urls)) {
      const config = parseFerryConfig(`journal: { url: "${url}" }\n`, {})
      const configText = JSON.stringify(config)
      expect(!configText.includes('is not a PostgreSQL URL'), url).toBe(postgres)
      expect(resolveJournalTarget('c.yaml', { journal: url }, undefined, {}).kind, url).toBe(
        postgres ? 'postgres' : 'sqlite',
      )
      expect(isPostgresUrl(url), url).toBe(postgres)
      let migrateTakes = true
      try {
        resolveJournalUrl(url, {})
      } catch {
        migrateTakes = false
      }
      expect(migrateTakes, url).toBe(postgres)
    }
  })

  test('behavior: the description of a PostgreSQL target never holds its password', () => {
    expect(describeJournalTarget({ kind: 'postgres', url: PG })).toBe(
      'postgres://ferry:***@db:5432/ferry',
    )
  })
})

describe('journal and cluster settings', () => {
  test('error: a database password written inline is refused, one from the environment is not', () => {
    expect(findInlineSecrets({ journal: { url: PG } })).toEqual([
      expect.objectContaining({
        path: 'journal.url',
        problem: 'a database password written inline',
      }),
    ])
    expect(findInlineSecrets({ journal: { url: `\${FERRY_JOURNAL_URL}` } })).toEqual([])
  })

  test('error: a journal.url that is not PostgreSQL and a lease TTL under a second name their fix', () => {
    const result = parseFerryConfig(
      'journal: { url: "mysql://db/x" }\ncluster: { leaseTtlMs: 10 }\n',
      {},
    )
    expect(result.ok).toBe(false)
    const text = JSON.stringify(result)
    expect(text).toContain('journal.url')
    expect(text).toContain('is not a PostgreSQL URL')
    expect(text).toContain('cluster.leaseTtlMs')
  })

  test('default: the cluster settings default to a 10 s lease and no fixed instance name', () => {
    const result = parseFerryConfig('{}', {})
    expect(result.ok && result.config.cluster).toEqual({ leaseTtlMs: 10_000 })
    expect(result.ok && result.config.journal).toEqual({})
  })
})
