import type { ConfigProblem } from '../../settings/ConfigError.ts'
import { reasonOf } from './probeReason.ts'

/**
 * Connects to the PostgreSQL journal a run would use and tells whether it holds a ferry journal
 * (its `intents` table) or, empty, may hold one (this user may create tables in its schema).
 * Reads only: nothing is created or migrated. The URL is shown as host:port/database, never with
 * its password.
 */
export async function probeJournalDatabase(
  path: string,
  url: string,
  timeoutMs: number,
): Promise<{ works: string } | { problem: ConfigProblem }> {
  const where = describeTarget(url)
  const { default: pg } = await import('pg')
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  })
  client.on('error', () => {})
  try {
    await client.connect()
    const { rows } = await client.query<{ journal: boolean; tables: string; can_create: boolean }>(
      `select to_regclass('intents') is not null as journal,
              (select count(*) from pg_tables where schemaname = current_schema()) as tables,
              has_schema_privilege(current_schema(), 'CREATE') as can_create`,
    )
    const row = rows[0]!
    if (row.journal) return { works: `${path}: ${where} holds a ferry journal` }
    if (Number(row.tables) > 0)
      return {
        problem: {
          path,
          problem: `${where} holds ${row.tables} table(s) but no ferry journal`,
          fix: 'give a database of its own to ferry (CREATE DATABASE ferry)',
        },
      }
    if (!row.can_create)
      return {
        problem: {
          path,
          problem: `${where} is empty and this user may not create tables in it`,
          fix: 'GRANT CREATE ON SCHEMA public TO the journal user, or give a database it owns',
        },
      }
    return { works: `${path}: ${where} is empty; ferry run creates its journal there` }
  } catch (error) {
    return {
      problem: {
        path,
        problem: `${where} cannot be used (${pgReason(error)})`,
        fix: 'check that PostgreSQL runs there, the user, the password and the database name',
      },
    }
  } finally {
    await client.end().catch(() => {})
  }
}

function describeTarget(url: string): string {
  try {
    const u = new URL(url)
    return `${u.host}${u.pathname}`
  } catch {
    return '(not a URL)'
  }
}

/** PostgreSQL's own message and code (they name the user or the database, never a password). */
function pgReason(error: unknown): string {
  const e = error as { code?: string; message?: string; severity?: string }
  return e.severity && e.message ? `${e.message}, ${e.code}` : reasonOf(error)
}
