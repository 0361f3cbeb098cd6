import type { z } from 'zod'
import type { ConfigProblem } from './ConfigError.ts'
import { formatConfigPath } from './formatConfigPath.ts'
import { FIX_SEPARATOR } from './withFix.ts'

const SEE_SCHEMA = 'see config/*.example.yaml or `ferry config schema`'

/**
 * Turns zod issues into config problems, one per bad key: the path as an operator writes it, the
 * problem, and its fix (from the ` — fix: ` part of the message, or a generic one per issue code).
 * @param prefix path segments to put in front, e.g. `['strategies', 0, 'params']`.
 */
export function zodIssuesToProblems(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly (string | number)[] = [],
): ConfigProblem[] {
  const problems: ConfigProblem[] = []
  for (const issue of issues) {
    const path = [...prefix, ...(issue.path as (string | number)[])]
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        problems.push({
          path: formatConfigPath([...path, key]),
          problem: 'is not a known key',
          fix: `check its spelling or remove it; ${SEE_SCHEMA}`,
        })
      }
      continue
    }
    if (issue.code === 'invalid_union') {
      // A union such as `embedded | URL`: report the branch that explains itself with a fix
      // (the URL's), not zod's "expected embedded".
      const branches = issue.errors.flat()
      const inner = branches.find((e) => e.message.includes(FIX_SEPARATOR)) ?? branches.at(-1)
      problems.push({
        path: formatConfigPath(path),
        ...split(inner?.message ?? issue.message, SEE_SCHEMA),
      })
      continue
    }
    const fallbackFix =
      issue.code === 'invalid_type'
        ? isMissing(issue)
          ? 'add this key (it is required)'
          : `write a ${issue.expected}`
        : SEE_SCHEMA
    problems.push({ path: formatConfigPath(path), ...split(issue.message, fallbackFix) })
  }
  return problems
}

/**
 * Whether a type issue is about a key that is not there. zod 4 leaves `input` out of issues unless
 * asked to report it, so the message tells: `…, received undefined` (zod 3 writes `Required`).
 */
function isMissing(issue: z.core.$ZodIssueInvalidType): boolean {
  if (issue.input !== undefined) return false
  return /received undefined$/.test(issue.message) || issue.message === 'Required'
}

function split(message: string, fallbackFix: string): { problem: string; fix: string } {
  const at = message.indexOf(FIX_SEPARATOR)
  if (at < 0) return { problem: message, fix: fallbackFix }
  return { problem: message.slice(0, at), fix: message.slice(at + FIX_SEPARATOR.length) }
}
