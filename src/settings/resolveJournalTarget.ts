import { redactDatabaseUrl } from '../common/redactDatabaseUrl.ts'
import { isPostgresUrl } from './journalSettingsSchema.ts'
import { type JournalPathFlags, resolveJournalPath } from './resolveJournalPath.ts'

/** Where the journal is: the embedded SQLite file, or a shared PostgreSQL database. */
export type JournalTarget = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string }

/**
 * Which journal a command opens, in this order: a `--journal` flag holding a PostgreSQL URL (a
 * path there means that SQLite file), then `FERRY_JOURNAL_URL`, then the config's `journal.url`,
 * then the SQLite file {@link resolveJournalPath} names (`--journal`, `FERRY_JOURNAL`, beside the
 * config). Every command resolves it here, so `ferry run`, `status` and `cluster status` agree.
 * Empty values count as unset. Pure but for `env`.
 */
export function resolveJournalTarget(
  configPath: string | undefined,
  flags: JournalPathFlags,
  configUrl: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): JournalTarget {
  const flag = flags.journal?.trim()
  if (flag && isPostgresUrl(flag)) return { kind: 'postgres', url: flag }
  if (!flag) {
    const url = env.FERRY_JOURNAL_URL?.trim() || configUrl?.trim()
    if (url) return { kind: 'postgres', url }
  }
  return { kind: 'sqlite', path: resolveJournalPath(configPath, flags, env) }
}

/** The target for people: a path, or the URL without its password. */
export function describeJournalTarget(target: JournalTarget): string {
  return target.kind === 'sqlite' ? target.path : redactDatabaseUrl(target.url)
}
