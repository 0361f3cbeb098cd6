import { dirname, join, resolve } from 'node:path'

/** File name of the journal when neither `--journal` nor `FERRY_JOURNAL` says otherwise. */
export const DEFAULT_JOURNAL_FILE = 'ferry.journal.sqlite'

/** The flags {@link resolveJournalPath} reads. */
export type JournalPathFlags = { journal?: string }

/**
 * Where ferry's journal lives, as an absolute path. In this order: the `--journal <path>` flag,
 * then the `FERRY_JOURNAL` environment variable, then `ferry.journal.sqlite` in the config file's
 * directory (`config/demo.yaml` → `config/ferry.journal.sqlite`), or in the working directory when
 * no config file is given. Relative flag and env paths are from the working directory. `ferry run`,
 * `ferry history` and `ferry status` all resolve it here, so they always agree. Empty values count
 * as unset. `.gitignore` ignores `*.sqlite`.
 */
export function resolveJournalPath(
  configPath: string | undefined,
  flags: JournalPathFlags,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const fromFlag = nonEmpty(flags.journal)
  if (fromFlag) return resolve(fromFlag)
  const fromEnv = nonEmpty(env.FERRY_JOURNAL)
  if (fromEnv) return resolve(fromEnv)
  const dir = configPath === undefined ? '.' : dirname(configPath)
  return resolve(join(dir, DEFAULT_JOURNAL_FILE))
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value
}
