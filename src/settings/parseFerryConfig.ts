import { parse as parseYaml, YAMLParseError } from 'yaml'
import type { ConfigProblem } from './ConfigError.ts'
import { type FerryConfig, ferryConfigSchema } from './ferryConfigSchema.ts'
import { findInlineSecrets } from './findInlineSecrets.ts'
import { type EnvMap, substituteEnv } from './substituteEnv.ts'
import { zodIssuesToProblems } from './zodIssuesToProblems.ts'

/** Result of {@link parseFerryConfig}: the config when there were no problems. */
export type ParseFerryConfigResult =
  | { ok: true; config: FerryConfig }
  | { ok: false; problems: ConfigProblem[] }

/**
 * Parses the text of a config file: YAML → inline-secret scan → `${VAR}` substitution from `env`
 * → zod parse with defaults. Every problem is collected, not only the first. Pure (no file or
 * process.env access): {@link loadConfig} does the I/O around it.
 */
export function parseFerryConfig(text: string, env: EnvMap): ParseFerryConfigResult {
  let doc: unknown
  try {
    doc = parseYaml(text, { prettyErrors: true }) ?? {}
  } catch (error) {
    const line = error instanceof YAMLParseError ? error.linePos?.[0]?.line : undefined
    return {
      ok: false,
      problems: [
        {
          path: line === undefined ? '(root)' : `line ${line}`,
          problem: `not valid YAML: ${(error as Error).message.split('\n')[0]}`,
          fix: 'fix the YAML syntax (indentation, quotes, a missing colon)',
        },
      ],
    }
  }
  // Scan a failsafe parse (every scalar a string): an unquoted 0x… key would otherwise arrive
  // as a number and slip past the hex check.
  const secrets = findInlineSecrets(parseYaml(text, { schema: 'failsafe' }) ?? {})
  const substituted = substituteEnv(doc, env)
  const parsed = ferryConfigSchema.safeParse(substituted.value)
  // A key already reported (an inline secret, an unset variable) is not reported again by zod.
  const reported = new Set([...secrets, ...substituted.problems].map((p) => p.path))
  const problems = [
    ...secrets,
    ...substituted.problems,
    ...(parsed.success ? [] : zodIssuesToProblems(parsed.error.issues)).filter(
      (p) => !reported.has(p.path),
    ),
  ]
  if (problems.length > 0 || !parsed.success) return { ok: false, problems }
  return { ok: true, config: parsed.data }
}
