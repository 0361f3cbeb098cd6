import { readFileSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'
import { type EnvMap, substituteEnv } from './substituteEnv.ts'

/**
 * The config's `journal.url` for `ferry kill` (`${VAR}` substituted), read alone like
 * `risk.killSwitchFile` (readKillSwitchFile), so the switch can be thrown in an incident even when
 * the rest of the config does not validate. The caller resolves it with the flag and the
 * environment in the one order every command uses (resolveJournalTarget). Undefined when unset
 * or unreadable.
 */
export function readJournalUrlSetting(
  configPath: string,
  env: EnvMap = process.env,
): string | undefined {
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
  return typeof url === 'string' && url.trim() !== '' ? url.trim() : undefined
}
