import { z } from 'zod'
import { scheduleSchema } from './scheduleSchema.ts'
import { withFix } from './withFix.ts'

/**
 * One `strategies[]` entry: a built-in strategy by name, run as an instance with its own id,
 * schedule and params. The params are checked against the strategy's own paramsSchema once the
 * strategies are known (checkStrategyParams), since settings cannot import strategies/.
 */
export const strategyInstanceSchema = z.strictObject({
  /** Built-in strategy: `rebalance`, `sweep` or `arbitrage`. */
  name: z.string().min(1),
  /** Instance id, unique in the file; journal entries, risk routes and metrics use it. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, {
    error: withFix(
      'is not an instance id',
      'use lower-case letters, digits and -, e.g. usdc-rebalance',
    ),
  }),
  /** Whether the instance runs. Default true. */
  enabled: z.boolean().default(true),
  schedule: scheduleSchema,
  /** The strategy's params; see strategies/README.md. Default {}. */
  params: z.record(z.string(), z.unknown()).default({}),
})
export type StrategyInstanceSettings = z.infer<typeof strategyInstanceSchema>
