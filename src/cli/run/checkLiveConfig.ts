import type { Strategy } from '../../common/strategy/strategyContract.ts'
import type { ConfigProblem } from '../../settings/ConfigError.ts'
import { checkLivePrices } from '../../settings/checkLivePrices.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { instanceTokensOf } from './instanceTokensOf.ts'

/**
 * The start-up checks of a live config that need its strategies (built-ins and loaded plugins,
 * by strategyKey): every token a live route can give or take has a trusted price (safety P-8.8).
 * Empty in dry-run. `ferry config check` and `ferry run` both run it; a problem is exit 2 there.
 */
export function checkLiveConfig(
  config: DeepReadonly<FerryConfig>,
  strategies: Readonly<Record<string, Strategy<never>>>,
): ConfigProblem[] {
  return checkLivePrices(config, instanceTokensOf(strategies))
}
