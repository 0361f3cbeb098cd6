import type { SimRuntime } from './createSimRuntime.ts'
import type { SimAnswer } from './simAnswer.ts'
import { simErrorBody } from './simErrorBody.ts'

/**
 * The answer when a quote builder produced something the client's schema rejects: a 500 that
 * lists the issues, so a broken builder shows up at once instead of as a confusing client error.
 */
export function selfCheckFailure(
  endpoint: string,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  runtime: SimRuntime,
): SimAnswer {
  const listed = issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))
  runtime.logger.error({ endpoint, issues: listed }, 'simulator answer failed its own schema')
  return {
    status: 500,
    body: simErrorBody(
      'INTERNAL_SERVER_ERROR',
      `${endpoint}: the simulator built an answer outside the schema`,
      { issues: listed },
    ),
  }
}
