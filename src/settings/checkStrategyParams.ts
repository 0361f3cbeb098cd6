import type { z } from 'zod'
import type { ConfigProblem } from './ConfigError.ts'
import type { DeepReadonly } from './deepFreeze.ts'
import type { FerryConfig } from './ferryConfigSchema.ts'
import { zodIssuesToProblems } from './zodIssuesToProblems.ts'

/**
 * Checks each `strategies[]` entry against its strategy: the name must be known and the params
 * must parse with that strategy's paramsSchema. The strategies are passed in because settings
 * may not import strategies/ (docs/architecture.md §2). Returns the problems, empty when
 * all is well. Pure.
 */
export function checkStrategyParams(
  config: DeepReadonly<Pick<FerryConfig, 'strategies'>>,
  paramsSchemas: Readonly<Record<string, z.ZodType>>,
): ConfigProblem[] {
  const problems: ConfigProblem[] = []
  config.strategies.forEach((instance, i) => {
    const schema = paramsSchemas[instance.name]
    if (schema === undefined) {
      problems.push({
        path: `strategies[${i}].name`,
        problem: `"${instance.name}" is not a built-in strategy`,
        fix: `use one of ${Object.keys(paramsSchemas).join(', ')}`,
      })
      return
    }
    const parsed = schema.safeParse(instance.params)
    if (!parsed.success) {
      // The path alone says strategies[i]; the id and name say which one a person wrote.
      const which = ` (strategy ${instance.id}, ${instance.name})`
      for (const p of zodIssuesToProblems(parsed.error.issues, ['strategies', i, 'params'])) {
        problems.push({ ...p, problem: `${p.problem}${which}` })
      }
    }
  })
  return problems
}
