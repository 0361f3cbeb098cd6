import { describe, expect, test } from 'vitest'
import { createTransport } from '../../../src/api/createTransport.ts'
import { hasUrlCredentials } from '../../../src/common/hasUrlCredentials.ts'
import { redactSecrets } from '../../../src/common/redactSecrets.ts'
import { UsageError } from '../../../src/common/UsageError.ts'
import { resolveServiceSettings } from '../../../src/settings/resolveServiceSettings.ts'

const PASSWORD = 'Pw7-marked'

describe('credentials in URLs (docs/operations.md §8.5)', () => {
  test('behavior: redactSecrets censors the password of a URL of any scheme, short or long, keeping the user', () => {
    const text = `a postgress://ferry:${PASSWORD}@db:5432/x, mysql://root:pw@h/x and http://u:p@h/v1`
    const out = redactSecrets(text)
    expect(out).toBe(
      'a postgress://ferry:[redacted]@db:5432/x, mysql://root:[redacted]@h/x and http://u:[redacted]@h/v1',
    )
    expect(redactSecrets('http://127.0.0.1:8787/v1 and user@example.com')).toBe(
      'http://127.0.0.1:8787/v1 and user@example.com',
    )
    expect(redactSecrets('postgres://ferry:***@db/x')).toBe('postgres://ferry:***@db/x')
  })

  test('behavior: hasUrlCredentials finds user-info in parsed and unparsable URLs', () => {
    expect(hasUrlCredentials(`http://user:${PASSWORD}@host`)).toBe(true)
    expect(hasUrlCredentials('http://token@host/x')).toBe(true)
    expect(hasUrlCredentials(`http://user:${PASSWORD}@[::zz]/x`)).toBe(true)
    expect(hasUrlCredentials('http://127.0.0.1:8787')).toBe(false)
  })

  test('error: --api-url, --stats-url or FERRY_API_URL with credentials is a usage error that never echoes them', () => {
    const cases = [
      { flags: { apiUrl: `http://user:${PASSWORD}@127.0.0.1:8787` }, env: {}, field: '--api-url' },
      {
        flags: { apiUrl: 'http://127.0.0.1:8787', statsUrl: `http://u:${PASSWORD}@h` },
        env: {},
        field: '--stats-url',
      },
      { flags: {}, env: { FERRY_API_URL: `ftp://u:${PASSWORD}@h` }, field: 'FERRY_API_URL' },
    ]
    for (const { flags, env, field } of cases) {
      let caught: unknown
      try {
        resolveServiceSettings({ flags, env })
      } catch (error) {
        caught = error
      }
      expect(caught).toBeInstanceOf(UsageError)
      const error = caught as UsageError
      expect(error.field).toBe(field)
      expect(error.shortMessage).toContain('holds credentials')
      expect(error.message).not.toContain(PASSWORD)
    }
  })

  test('error: the transport refuses a service URL with credentials, however it was set, before any request', () => {
    let requests = 0
    const build = (apiUrl: string) =>
      createTransport({
        apiUrl,
        statsUrl: 'http://127.0.0.1:8787',
        fetch: async () => {
          requests++
          return new Response('{}')
        },
      })
    expect(() => build(`http://user:${PASSWORD}@127.0.0.1:8787`)).toThrow(UsageError)
    expect(() => build(`http://user:${PASSWORD}@127.0.0.1:8787`)).toThrow(
      /^service.apiUrl: holds credentials/,
    )
    expect(requests).toBe(0)
    expect(() => build('http://127.0.0.1:8787')).not.toThrow()
  })
})
