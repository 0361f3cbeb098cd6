import type { Strategy } from '../src/common/strategy/strategyContract.ts'
import { arbitrage } from './arbitrage.ts'
import { rebalance } from './rebalance.ts'
import { sweep } from './sweep.ts'

/**
 * The strategies a config can name in `strategies[].name`, by name. The engine looks instances up
 * here; `ferry config check` validates params against their paramsSchema.
 */
export const builtInStrategies: Readonly<Record<string, Strategy<never>>> = {
  rebalance: rebalance as unknown as Strategy<never>,
  sweep: sweep as unknown as Strategy<never>,
  arbitrage: arbitrage as unknown as Strategy<never>,
}
