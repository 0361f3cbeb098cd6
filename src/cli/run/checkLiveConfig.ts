import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'
import type { ConfigProblem } from '../../settings/ConfigError.ts'
import { checkLivePrices } from '../../settings/checkLivePrices.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'

/**
 * The start-up checks of a live config that need the built-in strategies: every token a live
 * route can give or take has a trusted price (safety P-8.8). Empty in dry-run. `ferry config
 * check` and `ferry run` both run it; a problem is exit 2 there.
 */
export function checkLiveConfig(config: DeepReadonly<FerryConfig>): ConfigProblem[] {
  return checkLivePrices(config, (instance) => {
    const strategy = builtInStrategies[instance.name]
    const parsed = strategy?.paramsSchema.safeParse(instance.params)
    if (!strategy || !parsed?.success) return undefined
    return strategy.tokens(parsed.data as never)
  })
}
