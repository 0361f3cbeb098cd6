import { parse as parseYamlScalar } from 'yaml'
import type { ConfigProblem } from './ConfigError.ts'
import { formatConfigPath } from './formatConfigPath.ts'

/** Environment variables, as process.env or a plain map in tests. */
export type EnvMap = Readonly<Record<string, string | undefined>>

/** Result of {@link substituteEnv}: the document with `${VAR}` replaced, and what was missing. */
export type SubstituteEnvResult = { value: unknown; problems: ConfigProblem[] }

const VAR_RE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$\$\{/g
const WHOLE_VAR_RE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}$/

/**
 * Replaces `${VAR}` (and `${VAR:-default}`) in every string of a parsed YAML document with the
 * variable's value from `env`; `$${` writes a literal `${`. A value that is exactly one `${VAR}`
 * is read as a YAML scalar, so `maxCostBps: ${MAX_COST_BPS}` gives a number, and an empty one
 * leaves the key unset (`webhookUrl: ${HOOK_URL:-}` is optional). An unset variable
 * without a default is a problem naming the key path and the variable. Pure.
 */
export function substituteEnv(doc: unknown, env: EnvMap): SubstituteEnvResult {
  const problems: ConfigProblem[] = []
  const walk = (node: unknown, path: (string | number)[]): unknown => {
    if (typeof node === 'string') return replace(node, path)
    if (Array.isArray(node)) return node.map((item, i) => walk(item, [...path, i]))
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([key, value]) => [key, walk(value, [...path, key])]),
      )
    }
    return node
  }
  const lookup = (name: string, fallback: string | undefined, path: (string | number)[]) => {
    const value = env[name]
    if (value !== undefined && value !== '') return value
    if (fallback !== undefined) return fallback
    problems.push({
      path: formatConfigPath(path),
      problem: `\${${name}} is not set`,
      fix: `set ${name} in the environment or in .env, or write \${${name}:-default}`,
    })
    return ''
  }
  const replace = (text: string, path: (string | number)[]): unknown => {
    const whole = WHOLE_VAR_RE.exec(text)
    if (whole) {
      const raw = lookup(whole[1] as string, whole[2], path)
      // An empty value (`${HOOK_URL:-}`) leaves the key unset, so optional keys can be opted out.
      return raw === '' ? undefined : parseYamlScalar(raw)
    }
    return text.replace(VAR_RE, (match, name: string | undefined, fallback: string | undefined) =>
      match === '$${' ? '${' : lookup(name as string, fallback, path),
    )
  }
  return { value: walk(doc, []), problems }
}
