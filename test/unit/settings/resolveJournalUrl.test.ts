import { describe, expect, test } from 'vitest'
import { UsageError } from '../../../src/common/UsageError.ts'
import { resolveJournalUrl } from '../../../src/settings/resolveJournalUrl.ts'

const refusal = (flag: string | undefined, env: NodeJS.ProcessEnv): UsageError => {
  try {
    resolveJournalUrl(flag, env)
  } catch (error) {
    if (error instanceof UsageError) return error
    throw error
  }
  throw new Error('not refused')
}

describe('the PostgreSQL journal URL of ferry journal migrate', () => {
  test('default: --to, else FERRY_JOURNAL_URL, else journal.url; postgres:// and postgresql:// both', () => {
    const env = { FERRY_JOURNAL_URL: 'postgresql://u:p@env/db' }
    expect(resolveJournalUrl(undefined, {}, 'postgres://u@config/db')).toBe(
      'postgres://u@config/db',
    )
    expect(resolveJournalUrl('postgres://u:p@flag/db', env)).toBe('postgres://u:p@flag/db')
    expect(resolveJournalUrl(undefined, env)).toBe('postgresql://u:p@env/db')
    expect(resolveJournalUrl('  ', env)).toBe('postgresql://u:p@env/db')
  })

  test('behavior: none, not a URL, or another scheme is a usage error naming the source, never the password', () => {
    expect(refusal(undefined, { FERRY_JOURNAL_URL: '' }).shortMessage).toBe(
      '--to: no PostgreSQL database given',
    )
    expect(refusal('db.example:5432', {}).shortMessage).toMatch(
      /^--to: the URL scheme "db.example:" is not one ferry opens as a journal \(supported: postgres:\/\/, postgresql:\/\/\)/,
    )
    expect(refusal('not a url', {}).shortMessage).toBe('--to: is not a PostgreSQL URL')
    const env = refusal(undefined, { FERRY_JOURNAL_URL: 'mysql://root:hunter2@db/x' })
    expect(env.shortMessage).toMatch(/^FERRY_JOURNAL_URL: the URL scheme "mysql:" is not one/)
    expect(env.message).not.toContain('hunter2')
    expect(env.metaMessages[0]).toMatch(/^fix: give postgres:\/\//)
  })
})
