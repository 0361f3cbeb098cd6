import { resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { UsageError } from '../../../src/common/UsageError.ts'
import { classifyJournalValue } from '../../../src/settings/classifyJournalValue.ts'
import { findInlineSecrets } from '../../../src/settings/findInlineSecrets.ts'
import { isPostgresUrl } from '../../../src/settings/journalSettingsSchema.ts'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'
import {
  describeJournalTarget,
  resolveJournalTarget,
} from '../../../src/settings/resolveJournalTarget.ts'
import { resolveJournalUrl } from '../../../src/settings/resolveJournalUrl.ts'

const PG = 'postgres://ferry:s3cret@db:5432/ferry'

const refusal = (run: () => unknown): UsageError => {
  try {
    run()
  } catch (error) {
    if (error instanceof UsageError) return error
    throw error
  }
  throw new Error('not refused')
}

describe('resolveJournalTarget', () => {
  test('default: without a URL anywhere, the SQLite file beside the config', () => {
    expect(resolveJournalTarget('config/demo.yaml', {}, undefined, {})).toMatchObject({
      kind: 'sqlite',
      path: resolve('config/ferry.journal.sqlite'),
    })
  })

  test('behavior: flag, then FERRY_JOURNAL_URL, then journal.url, then FERRY_JOURNAL, then the file beside the config', () => {
    const env = { FERRY_JOURNAL: '/tmp/j.sqlite', FERRY_JOURNAL_URL: PG }
    const pick = (flag: string | undefined, configUrl: string | undefined, e: NodeJS.ProcessEnv) =>
      resolveJournalTarget('c.yaml', { journal: flag }, configUrl, e)
    expect(pick('x.sqlite', 'postgres://other/x', env)).toEqual({
      kind: 'sqlite',
      path: resolve('x.sqlite'),
      source: '--journal',
    })
    expect(pick(undefined, 'postgres://other/x', env)).toEqual({
      kind: 'postgres',
      url: PG,
      source: 'FERRY_JOURNAL_URL',
    })
    expect(pick(' ', 'postgres://other/x', { FERRY_JOURNAL: '/j' })).toEqual({
      kind: 'postgres',
      url: 'postgres://other/x',
      source: 'journal.url of c.yaml',
    })
    expect(pick(undefined, undefined, { FERRY_JOURNAL: '/j' })).toEqual({
      kind: 'sqlite',
      path: '/j',
      source: 'FERRY_JOURNAL',
    })
    expect(pick(PG, undefined, {})).toMatchObject({ kind: 'postgres', url: PG })
    // The same order for replay's --from, named as such.
    expect(resolveJournalTarget('c.yaml', { journal: PG }, undefined, {}, '--from')).toMatchObject({
      source: '--from',
    })
  })

  test('error: a value with an unknown or misspelt scheme is a URL, refused naming the supported schemes, never echoed', () => {
    for (const [flag, env] of [
      ['postgress://ferry:S3cretPw@db:5432/x', {}],
      ['mysql://root:S3cretPw@db/x', {}],
      [undefined, { FERRY_JOURNAL_URL: 'postgress://ferry:S3cretPw@db/x' }],
      [undefined, { FERRY_JOURNAL: 'sqlite://ferry:S3cretPw@db/x' }],
    ] as const) {
      const error = refusal(() => resolveJournalTarget('c.yaml', { journal: flag }, undefined, env))
      expect(error.shortMessage).toMatch(
        /the URL scheme "[a-z]+:" is not one ferry opens as a journal \(supported: postgres:\/\/, postgresql:\/\/\)/,
      )
      expect(error.message).not.toContain('S3cretPw')
    }
    expect(
      refusal(() => resolveJournalTarget('c.yaml', { journal: 'postgres:nohost' }, undefined, {}))
        .shortMessage,
    ).toBe('--journal: is not a postgres:// URL (no // after the scheme)')
    expect(
      refusal(() =>
        resolveJournalTarget('c.yaml', {}, undefined, { FERRY_JOURNAL_URL: '/tmp/j.sqlite' }),
      ).shortMessage,
    ).toBe('FERRY_JOURNAL_URL: is not a URL')
    // A Windows drive and a colon after the start stay paths.
    expect(classifyJournalValue('--journal', 'C:/j.sqlite').kind).toBe('sqlite')
    expect(classifyJournalValue('--journal', './a:b.sqlite').kind).toBe('sqlite')
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
      let kind: string
      try {
        kind = resolveJournalTarget('c.yaml', { journal: url }, undefined, {}).kind
      } catch {
        kind = 'refused'
      }
      expect(kind === 'postgres', url).toBe(postgres)
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
