import { z } from 'zod'
import { scheduleSchema } from './scheduleSchema.ts'
import { withFix } from './withFix.ts'

/** File name endings a `module:` may have: ES modules, CommonJS, and TypeScript (through tsx). */
export const STRATEGY_MODULE_EXTENSIONS = ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'] as const

/**
 * One `strategies[]` entry: a strategy run as an instance with its own id, schedule and params.
 * The strategy is either a built-in (`name`) or a module of the user's own (`module`), exactly
 * one of the two. The params are checked against the strategy's own params schema once the
 * strategies are known (checkStrategyParams), since settings cannot import strategies/.
 */
export const strategyInstanceSchema = z
  .strictObject({
    /** A built-in strategy: `rebalance`, `sweep` or `arbitrage`. Exactly one of name and module. */
    name: z.string().min(1).optional(),
    /**
     * A strategy module of your own (strategies/README.md): a `.js`/`.mjs`/`.cjs` file, or
     * `.ts`/`.mts`/`.cts` when tsx is installed, exporting `strategy`. Relative to the config
     * file's folder; absolute paths allowed. Exactly one of name and module.
     */
    module: z
      .string()
      .min(1)
      .refine((path) => STRATEGY_MODULE_EXTENSIONS.some((ext) => path.endsWith(ext)), {
        error: withFix(
          `does not name a ${STRATEGY_MODULE_EXTENSIONS.join(', ')} file`,
          'write the file name with its extension, e.g. ./strategies/myStrategy.js',
        ),
      })
      .optional(),
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
    /** The strategy's params; see strategies/README.md or the module's own docs. Default {}. */
    params: z.record(z.string(), z.unknown()).default({}),
  })
  .superRefine((instance, ctx) => {
    if (instance.name !== undefined && instance.module !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['module'],
        message: withFix(
          'is set together with name',
          'keep one: name for a built-in strategy, module for a strategy file of your own',
        ),
      })
    else if (instance.name === undefined && instance.module === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: withFix(
          'is missing, and so is module: an entry runs one strategy',
          'add name: <a built-in, e.g. rebalance>, or module: ./path/to/yourStrategy.js',
        ),
      })
  })
export type StrategyInstanceSettings = z.infer<typeof strategyInstanceSchema>
