import { ConfigError } from '../../settings/ConfigError.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { probePriceFeeds } from './probePriceFeeds.ts'
import { probeRpcChains } from './probeRpcChains.ts'

/**
 * The start of a live run, after the simulation probe: each RPC must serve the chain it is
 * listed under (one of another chain would fail later as a confusing read), and every price feed
 * must answer a fresh price (a missing feed is the config's fault, not economics: met during a
 * run, it fails every intent that needs its price as a configuration failure). Each probe is bounded by `timeoutMs` (default 5 000).
 * @throws ConfigError naming each RPC and feed at fault with its fix (exit 2).
 */
export async function checkLivePeers(
  config: DeepReadonly<FerryConfig>,
  configPath: string,
  timeoutMs = 5_000,
): Promise<void> {
  const [rpcs, feeds] = await Promise.all([
    probeRpcChains(config, timeoutMs),
    probePriceFeeds(config, timeoutMs),
  ])
  const problems = [...rpcs.wrongChain, ...feeds.problems]
  if (problems.length > 0) throw new ConfigError(configPath, problems)
}
