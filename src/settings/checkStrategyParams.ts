import type { z } from 'zod'
import type { ConfigProblem } from './ConfigError.ts'
import type { DeepReadonly } from './deepFreeze.ts'
import type { FerryConfig } from './ferryConfigSchema.ts'
import { MODULE_KEY_PREFIX, strategyKey, strategyLabel } from './strategyKey.ts'
import { zodIssuesToProblems } from './zodIssuesToProblems.ts'

/**
 * Checks each `strategies[]` entry against its strategy: the built-in name (or the loaded module)
 * must be known and the params must parse with that strategy's params schema. The schemas are
 * passed in by {@link strategyKey} because settings may not import strategies/ and do not load
 * modules (docs/architecture.md §2). Returns the problems, empty when all is well. Pure.
 */
export function checkStrategyParams(
  config: DeepReadonly<Pick<FerryConfig, 'strategies'>>,
  paramsSchemas: Readonly<Record<string, z.ZodType>>,
): ConfigProblem[] {
  const problems: ConfigProblem[] = []
  config.strategies.forEach((instance, i) => {
    const schema = paramsSchemas[strategyKey(instance)]
    if (schema === undefined) {
      const builtIns = Object.keys(paramsSchemas).filter((k) => !k.startsWith(MODULE_KEY_PREFIX))
      problems.push(
        instance.module === undefined
          ? {
              path: `strategies[${i}].name`,
              problem: `"${instance.name}" is not a built-in strategy`,
              fix: `use one of ${builtIns.join(', ')}, or module: ./path/to/yourStrategy.js for your own`,
            }
          : {
              path: `strategies[${i}].module`,
              problem: `"${instance.module}" was not loaded`,
              fix: 'load the config through ferry run or ferry config check',
            },
      )
      return
    }
    const parsed = schema.safeParse(instance.params)
    if (!parsed.success) {
      // The path alone says strategies[i]; the id and strategy say which one a person wrote.
      const which = ` (strategy ${instance.id}, ${strategyLabel(instance)})`
      for (const p of zodIssuesToProblems(parsed.error.issues, ['strategies', i, 'params'])) {
        problems.push({ ...p, problem: `${p.problem}${which}` })
      }
    }
  })
  return problems
}
