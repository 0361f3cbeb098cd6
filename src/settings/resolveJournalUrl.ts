import { UsageError } from '../common/UsageError.ts'
import { classifyJournalValue } from './classifyJournalValue.ts'

const FIX =
  'pass --to postgres://user:password@host:5432/database, or set FERRY_JOURNAL_URL to it (the variable keeps the password out of the process list)'

/**
 * The PostgreSQL journal `ferry journal migrate` copies into: `--to`, else `FERRY_JOURNAL_URL`,
 * else the config's `journal.url`, the order every command reads them in (resolveJournalTarget).
 * Empty values count as unset. It must be a `postgres://` or `postgresql://` URL; the refusal
 * never echoes it, since it may hold a password.
 * @throws UsageError (exit 2) when none is set, or the value is not a PostgreSQL URL.
 */
export function resolveJournalUrl(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  configUrl?: string,
): string {
  const sources: [string, string | undefined][] = [
    ['--to', flag],
    ['FERRY_JOURNAL_URL', env.FERRY_JOURNAL_URL],
    ['journal.url', configUrl],
  ]
  const found = sources.find(([, value]) => value !== undefined && value.trim() !== '')
  if (found === undefined) throw new UsageError('--to', 'no PostgreSQL database given', FIX)
  const [field, value] = found as [string, string]
  const target = classifyJournalValue(field, value)
  if (target.kind !== 'postgres') throw new UsageError(field, 'is not a PostgreSQL URL', FIX)
  return target.url
}
