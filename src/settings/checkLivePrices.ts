import { priceTokenKey } from '../common/priceTokenKey.ts'
import type { ConfigProblem } from './ConfigError.ts'
import type { DeepReadonly } from './deepFreeze.ts'
import type { FerryConfig } from './ferryConfigSchema.ts'

const SOLANA = 7565164
const SOLANA_NATIVE = '11111111111111111111111111111111'
const EVM_NATIVE = '0x0000000000000000000000000000000000000000'

type TokenRef = { chainId: number; token: string }

/** What a strategy instance can move (the strategy's `tokens(params)`); undefined = unknown. */
export type InstanceTokens = (
  instance: DeepReadonly<FerryConfig['strategies'][number]>,
) => { gives: readonly TokenRef[]; takes: readonly TokenRef[] } | undefined

/**
 * With `mode: live`, one problem per token an enabled strategy instance can give or take that
 * has no trusted price in `prices` (safety P-8.8): its gives, its takes, and the native token of
 * each chain it gives on (the protocol fee is paid in it). `sameAs` entries count when their
 * chain ends at a peg or a feed. Instances whose params do not parse are skipped (their params
 * problems are reported by checkStrategyParams). Empty in dry-run. Pure: the strategies are
 * passed in as `tokensOf`, since settings may not import strategies/.
 */
export function checkLivePrices(
  config: DeepReadonly<Pick<FerryConfig, 'mode' | 'strategies' | 'prices'>>,
  tokensOf: InstanceTokens,
): ConfigProblem[] {
  if (config.mode !== 'live') return []
  const entries = new Map(config.prices.map((e) => [priceTokenKey(e.chainId, e.token), e]))
  const priced = (ref: TokenRef): boolean => {
    let entry = entries.get(priceTokenKey(ref.chainId, ref.token))
    // Bounded: the schema refuses cycles, this only guards the walk.
    for (let hops = 0; entry?.sameAs && hops <= entries.size; hops++)
      entry = entries.get(priceTokenKey(entry.sameAs.chainId, entry.sameAs.token))
    return entry !== undefined && (entry.usd !== undefined || entry.feed !== undefined)
  }
  const problems: ConfigProblem[] = []
  config.strategies.forEach((instance, i) => {
    if (!instance.enabled) return
    const moved = tokensOf(instance)
    if (moved === undefined) return
    const natives = moved.gives.map((g) => ({
      chainId: g.chainId,
      token: g.chainId === SOLANA ? SOLANA_NATIVE : EVM_NATIVE,
    }))
    const seen = new Set<string>()
    for (const [role, refs] of [
      ['gives', moved.gives],
      ['takes', moved.takes],
      ['pays the fee in', natives],
    ] as const) {
      for (const ref of refs) {
        const key = priceTokenKey(ref.chainId, ref.token)
        if (seen.has(key) || priced(ref)) continue
        seen.add(key)
        problems.push({
          path: `strategies[${i}]`,
          problem: `"${instance.id}" ${role} ${ref.token} on chain ${ref.chainId}, which has no trusted price (mode: live)`,
          fix: `add a prices entry for chainId ${ref.chainId} token ${ref.token} (usd peg, feed, or sameAs)`,
        })
      }
    }
  })
  return problems
}
