import { readFileSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'
import { UsageError } from '../common/UsageError.ts'
import { ConfigError } from './ConfigError.ts'
import { riskSettingsSchema } from './riskSettingsSchema.ts'
import { type EnvMap, substituteEnv } from './substituteEnv.ts'

/**
 * Reads only `risk.killSwitchFile` of a config file (`${VAR}` substituted, default `ferry.kill`),
 * so `ferry kill on` works in an incident even when the rest of the file does not validate or
 * the shell lacks the secrets other keys need. Returns the setting as written (relative paths are
 * resolved by resolveKillSwitchPath).
 */
export function readKillSwitchFile(configPath: string, env: EnvMap = process.env): string {
  let doc: unknown
  try {
    doc = parseYaml(readFileSync(configPath, 'utf8'))
  } catch (error) {
    throw new UsageError(
      '--config',
      `cannot read ${configPath}: ${(error as Error).message}`,
      'give the path of a readable YAML config file',
    )
  }
  const risk = (doc as { risk?: { killSwitchFile?: unknown } } | null)?.risk
  const raw = risk !== null && typeof risk === 'object' ? risk.killSwitchFile : undefined
  const substituted = substituteEnv(raw, env)
  if (substituted.problems.length > 0) {
    const problems = substituted.problems.map((p) => ({ ...p, path: 'risk.killSwitchFile' }))
    throw new ConfigError(configPath, problems)
  }
  const parsed = riskSettingsSchema.shape.killSwitchFile.safeParse(substituted.value)
  if (!parsed.success) {
    throw new ConfigError(configPath, [
      {
        path: 'risk.killSwitchFile',
        problem: 'must be a non-empty path',
        fix: 'write a file path, e.g. killSwitchFile: /data/ferry.kill',
      },
    ])
  }
  return parsed.data
}
