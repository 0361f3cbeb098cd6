import type { Strategy } from '../../common/strategy/strategyContract.ts'
import { groupWallets, type WalletGroup } from '../../engine/cluster/groupWallets.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { strategyKey } from '../../settings/strategyKey.ts'
import { toWalletKey } from '../../store/contract/toWalletKey.ts'

/**
 * The wallet groups a cluster shares out (docs/architecture.md §5): each enabled strategy with
 * the run's wallets on the chains it can give on (`Strategy.tokens(params).gives`), joined where
 * they share one. The config has passed its checks, so the params parse.
 */
export function clusterGroups(
  config: DeepReadonly<FerryConfig>,
  strategies: Readonly<Record<string, Strategy<never>>>,
  wallets: readonly { chainId: number; address: string }[],
): WalletGroup[] {
  return groupWallets(
    config.strategies
      .filter((s) => s.enabled !== false)
      .map((s) => {
        const strategy = strategies[strategyKey(s)] as Strategy<unknown>
        const gives = strategy.tokens(strategy.paramsSchema.parse(s.params)).gives
        const chains = new Set(gives.map((t) => t.chainId))
        return {
          id: s.id,
          wallets: wallets
            .filter((w) => chains.has(w.chainId))
            .map((w) => ({ chainId: w.chainId, address: toWalletKey(w.address) })),
        }
      }),
  )
}
