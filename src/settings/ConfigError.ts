import { UsageError } from '../common/UsageError.ts'

/** One thing wrong in a config file: where, what, and how to fix it. */
export type ConfigProblem = {
  /** Key path, e.g. `risk.routes[0].maxCostBps`. */
  path: string
  problem: string
  fix: string
}

/**
 * A config file ferry refuses to run with. Lists every problem found (not only the first), each
 * naming its key path and fix; the CLI prints one line per problem and exits 2.
 */
export class ConfigError extends UsageError {
  override name = 'ConfigError'
  readonly file: string
  readonly problems: readonly ConfigProblem[]

  constructor(file: string, problems: readonly ConfigProblem[]) {
    const first = problems[0] ?? { path: '(root)', problem: 'invalid', fix: 'see config/*.yaml' }
    super(`${file}: ${first.path}`, first.problem, first.fix, {
      metaMessages: problems.slice(1).map((p) => `${p.path}: ${p.problem} (fix: ${p.fix})`),
    })
    this.file = file
    this.problems = problems
  }
}
