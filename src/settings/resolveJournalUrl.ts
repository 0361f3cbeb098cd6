import { UsageError } from '../common/UsageError.ts'
import { isPostgresUrl } from './journalSettingsSchema.ts'

const FIX =
  'pass --to postgres://user:password@host:5432/database, or set FERRY_JOURNAL_URL to it (the variable keeps the password out of the process list)'

/**
 * The PostgreSQL journal's URL: the `--to` flag, else `FERRY_JOURNAL_URL`. Empty values count as
 * unset. It must be a `postgres://` or `postgresql://` URL, as `journal.url` ({@link isPostgresUrl}); the refusal never echoes it, since
 * it may hold a password.
 * @throws UsageError (exit 2) when neither is set, or the value is not a PostgreSQL URL.
 */
export function resolveJournalUrl(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const fromFlag = flag?.trim() ? flag : undefined
  const fromEnv = env.FERRY_JOURNAL_URL?.trim() ? env.FERRY_JOURNAL_URL : undefined
  const url = fromFlag ?? fromEnv
  const field = fromFlag !== undefined ? '--to' : 'FERRY_JOURNAL_URL'
  if (url === undefined) throw new UsageError('--to', 'no PostgreSQL database given', FIX)
  let protocol: string
  try {
    protocol = new URL(url).protocol
  } catch {
    throw new UsageError(field, 'is not a URL', FIX)
  }
  if (!isPostgresUrl(url)) {
    throw new UsageError(field, `is not a PostgreSQL URL (its scheme is ${protocol})`, FIX)
  }
  return url
}
