import type { Strategy } from '../../common/strategy/strategyContract.ts'
import type { InstanceTokens } from '../../settings/checkLivePrices.ts'
import { strategyKey } from '../../settings/strategyKey.ts'

/**
 * What each strategy instance can give or take (its strategy's `tokens` of its parsed params),
 * looked up in `strategies` by strategyKey; undefined when the strategy is unknown or the params
 * do not parse (checkStrategyParams reports those). Pure, as `tokens` is.
 */
export function instanceTokensOf(
  strategies: Readonly<Record<string, Strategy<never>>>,
): InstanceTokens {
  return (instance) => {
    const strategy = strategies[strategyKey(instance)]
    const parsed = strategy?.paramsSchema.safeParse(instance.params)
    if (!strategy || !parsed?.success) return undefined
    return strategy.tokens(parsed.data as never)
  }
}
