import type { z } from 'zod'

/**
 * The params schema of each strategy by its key (strategyKey: a built-in's name, `module:` and a
 * module's path), for checkStrategyParams.
 */
export function strategyParamsSchemas(
  strategies: Readonly<Record<string, { paramsSchema: z.ZodType }>>,
): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(strategies).map(([n, s]) => [n, s.paramsSchema]))
}
