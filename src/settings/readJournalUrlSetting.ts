import { readFileSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'
import { isPostgresUrl } from './journalSettingsSchema.ts'
import { type EnvMap, substituteEnv } from './substituteEnv.ts'

/**
 * The shared journal's URL for `ferry kill`: `FERRY_JOURNAL_URL`, else the config's `journal.url`
 * (`${VAR}` substituted), read alone like `risk.killSwitchFile` (readKillSwitchFile), so the
 * switch can be thrown in an incident even when the rest of the config does not validate.
 * Undefined when there is none, or it is not a PostgreSQL URL (the SQLite journal has no switch
 * of its own: the file is the switch).
 */
export function readJournalUrlSetting(
  configPath: string,
  env: EnvMap = process.env,
): string | undefined {
  const fromEnv = env.FERRY_JOURNAL_URL?.trim()
  if (fromEnv) return isPostgresUrl(fromEnv) ? fromEnv : undefined
  let doc: unknown
  try {
    doc = parseYaml(readFileSync(configPath, 'utf8'))
  } catch {
    return undefined
  }
  const journal = (doc as { journal?: { url?: unknown } } | null)?.journal
  const raw = journal !== null && typeof journal === 'object' ? journal.url : undefined
  const substituted = substituteEnv(raw, env)
  const url = substituted.problems.length === 0 ? substituted.value : undefined
  return typeof url === 'string' && isPostgresUrl(url.trim()) ? url.trim() : undefined
}
