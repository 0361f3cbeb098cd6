import { redactDatabaseUrl } from '../common/redactDatabaseUrl.ts'
import { UsageError } from '../common/UsageError.ts'
import { classifyJournalValue, type JournalTarget } from './classifyJournalValue.ts'
import {
  DEFAULT_JOURNAL_FILE,
  type JournalPathFlags,
  resolveJournalPath,
} from './resolveJournalPath.ts'

export type { JournalTarget } from './classifyJournalValue.ts'

/**
 * Which journal a command opens. Every command resolves it here, in one order
 * (docs/operations.md §8.5): the command's flag (`--journal`, `--from`), then `FERRY_JOURNAL_URL`,
 * then the config's `journal.url`, then `FERRY_JOURNAL`, then `ferry.journal.sqlite` beside the
 * config (or in the working directory without one). A value with a URL scheme is a URL, never a
 * path; a scheme other than PostgreSQL's is refused (see classifyJournalValue). Empty values
 * count as unset. Pure but for `env`.
 * @param flagName the flag's name in messages. Default `--journal`.
 * @throws UsageError (exit 2) for a value with an unknown scheme, or a broken PostgreSQL URL.
 */
export function resolveJournalTarget(
  configPath: string | undefined,
  flags: JournalPathFlags,
  configUrl: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  flagName = '--journal',
): JournalTarget {
  const sources: [string, string | undefined][] = [
    [flagName, flags.journal],
    ['FERRY_JOURNAL_URL', env.FERRY_JOURNAL_URL],
    [configPath === undefined ? 'journal.url' : `journal.url of ${configPath}`, configUrl],
    ['FERRY_JOURNAL', env.FERRY_JOURNAL],
  ]
  for (const [source, value] of sources) {
    if (value === undefined || value.trim() === '') continue
    const target = classifyJournalValue(source, value)
    if (target.kind === 'sqlite' && source === 'FERRY_JOURNAL_URL') {
      throw new UsageError(
        source,
        'is not a URL',
        'set it to postgres://user:password@host:5432/database, or name a SQLite file with FERRY_JOURNAL or --journal',
      )
    }
    return target
  }
  return {
    kind: 'sqlite',
    path: resolveJournalPath(configPath, {}, {}),
    source: `${DEFAULT_JOURNAL_FILE} next to ${configPath ?? 'the working directory'}`,
  }
}

/** The target for people: a path, or the URL without its password. */
export function describeJournalTarget(target: JournalTarget): string {
  return target.kind === 'sqlite' ? target.path : redactDatabaseUrl(target.url)
}
