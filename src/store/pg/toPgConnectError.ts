import { redactDatabaseUrl } from '../../common/redactDatabaseUrl.ts'
import { UsageError } from '../../common/UsageError.ts'
import { JournalError } from '../contract/JournalError.ts'

/** What went wrong reaching PostgreSQL, for people: the cause and its fix. */
type Cause = { problem: string; fix: string; config: boolean }

const SHORT = 'the PostgreSQL journal cannot be reached'

/**
 * Names why the PostgreSQL journal at `url` could not be reached (docs/operations.md §8.6):
 * authentication failed (the user named, never the password), the database does not exist
 * (both config mistakes: a UsageError, exit 2), connection refused at host:port, host not found,
 * no answer within `connectTimeoutMs` (faults of the network or the server: a JournalError,
 * exit 1), each with its fix. Anything else keeps the driver's first line as detail. The URL
 * appears only redacted. Pure.
 */
export function toPgConnectError(error: unknown, url: string, connectTimeoutMs: number): Error {
  const database = redactDatabaseUrl(url)
  const cause = causeOf(error, url, connectTimeoutMs)
  const detail = error instanceof Error ? error.message.split('\n')[0] : String(error)
  if (cause?.config) {
    return new UsageError(`journal ${database}`, cause.problem, cause.fix, { cause: error })
  }
  return new JournalError(cause ? `${SHORT}: ${cause.problem}` : SHORT, {
    metaMessages: [
      `database: ${database}`,
      `fix: ${cause?.fix ?? 'check that the server runs and this host may reach it (run with --log-level debug for the driver message)'}`,
    ],
    details: detail,
    cause: error,
  })
}

function causeOf(error: unknown, url: string, connectTimeoutMs: number): Cause | undefined {
  const e = error as { code?: unknown; message?: unknown }
  const code = typeof e?.code === 'string' ? e.code : ''
  const message = typeof e?.message === 'string' ? e.message : ''
  const parsed = parse(url)
  const where = `${parsed.host}:${parsed.port}`
  if (code === '28P01' || code === '28000') {
    return {
      config: true,
      problem: `authentication failed for user "${parsed.user}"`,
      fix: `check the user and the password in FERRY_JOURNAL_URL (or --journal, journal.url), and that pg_hba.conf lets "${parsed.user}" in from this host`,
    }
  }
  if (code === '3D000') {
    return {
      config: true,
      problem: `the database "${parsed.database}" does not exist on ${where}`,
      fix: `create it (CREATE DATABASE ${parsed.database}) or fix the database name in the URL`,
    }
  }
  if (code === 'ECONNREFUSED') {
    return {
      config: false,
      problem: `connection refused at ${where}`,
      fix: `start PostgreSQL there, or fix the host and port in the URL (nothing listens on ${where})`,
    }
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
    return {
      config: false,
      problem: `host not found: ${parsed.host}`,
      fix: 'fix the host name in the URL, or the DNS of this machine',
    }
  }
  if (/timeout/i.test(message) || code === 'ETIMEDOUT') {
    return {
      config: false,
      problem: `no answer from ${where} within ${connectTimeoutMs} ms`,
      fix: `check that ${where} is PostgreSQL and that no firewall drops the connection; a busy server may need a longer connect timeout`,
    }
  }
  return undefined
}

/** The parts of a PostgreSQL URL a message may name: never its password. */
function parse(url: string): { user: string; host: string; port: string; database: string } {
  try {
    const u = new URL(url)
    return {
      user: decodeURIComponent(u.username) || '(the OS user)',
      host: u.hostname || 'localhost',
      port: u.port || '5432',
      database: decodeURIComponent(u.pathname.replace(/^\//, '')) || decodeURIComponent(u.username),
    }
  } catch {
    return { user: '?', host: '?', port: '?', database: '?' }
  }
}
