import type { z } from 'zod'
import { UsageError } from '../common/UsageError.ts'

const FIX_SEPARATOR = ' — fix: '

/**
 * A request to the service that ferry refuses to send: it breaks a rule of docs/service.md §4, §7 or §8.
 * Raised before any network call. `field` names the first bad parameter; every problem found is
 * listed in the detail lines, each with its fix.
 */
export class RequestValidationError extends UsageError {
  override name = 'RequestValidationError'
  /** Every problem as `param: problem — fix: …`. */
  readonly problems: string[]

  constructor(endpoint: string, issues: z.core.$ZodIssue[]) {
    const problems = issues.map(
      (issue) => `${issue.path.join('.') || '(request)'}: ${issue.message}`,
    )
    const first = issues[0]
    const [problem = 'invalid', fix = 'see the spec section of this endpoint'] = (
      first?.message ?? ''
    ).split(FIX_SEPARATOR)
    super(first ? first.path.join('.') || endpoint : endpoint, problem, fix, {
      metaMessages: [`endpoint: ${endpoint}`, ...problems.slice(1)],
    })
    this.problems = problems
  }
}

/** Joins a problem and its fix into one zod message, which {@link RequestValidationError} splits. */
export function problemWithFix(problem: string, fix: string): string {
  return `${problem}${FIX_SEPARATOR}${fix}`
}
