import type { z } from 'zod'

/** The params schema of each strategy by name, for checkStrategyParams and the config schema. */
export function strategyParamsSchemas(
  strategies: Readonly<Record<string, { paramsSchema: z.ZodType }>>,
): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(strategies).map(([n, s]) => [n, s.paramsSchema]))
}
