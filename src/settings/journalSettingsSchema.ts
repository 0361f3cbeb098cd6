import { z } from 'zod'
import { classifyJournalValue } from './classifyJournalValue.ts'
import { withFix } from './withFix.ts'

const URL_FIX = `write postgres://user@host:5432/database, the password from \${FERRY_JOURNAL_URL}`

/**
 * The `journal` section: where the journal lives when it is not the SQLite file. Without `url`
 * (and without `FERRY_JOURNAL_URL`), ferry keeps the embedded SQLite journal next to the config
 * (`--journal`, `FERRY_JOURNAL`). With it, the journal is that PostgreSQL database, which several
 * `ferry run` processes may share (docs/architecture.md §5).
 */
export const journalSettingsSchema = z.strictObject({
  /**
   * A PostgreSQL URL (`postgres://` or `postgresql://`). Write the password through the
   * environment (`url: ${FERRY_JOURNAL_URL}`): a password written inline is refused. Default none.
   */
  url: z
    .string()
    .trim()
    .refine((url) => isPostgresUrl(url), { error: withFix('is not a PostgreSQL URL', URL_FIX) })
    .optional(),
})
export type JournalSettings = z.infer<typeof journalSettingsSchema>

/**
 * Whether `text` is a PostgreSQL URL: `postgres://` or `postgresql://`, as libpq reads them, so
 * the host may be left out (`postgres:///db`: the local server, or `?host=/socket/dir`). The one
 * test of `journal.url`, `--journal` and `journal migrate --to`.
 */
export function isPostgresUrl(text: string): boolean {
  try {
    return classifyJournalValue('journal.url', text).kind === 'postgres'
  } catch {
    return false
  }
}
