import { type Address, createPublicClient, http } from 'viem'
import type { ConfigProblem } from '../../settings/ConfigError.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { feedAnswerToUsdE18 } from '../../verify/prices/feedAnswerToUsdE18.ts'
import { readFeedRounds } from '../../verify/prices/readFeedRounds.ts'
import { hostOf } from './probeReason.ts'

/**
 * Reads every `prices[].feed` as a run would (latest block, `latestRoundData()`, `decimals()`,
 * on the first RPC of the feed's chain) and judges its answer: a feed that is not there (no
 * contract, another ABI), answers 0 or less, or is older than its `maxAgeMs` is a problem naming
 * the entry and the feed (safety P-8.8: a live route needs a trusted price).
 */
export async function probePriceFeeds(
  config: DeepReadonly<FerryConfig>,
  timeoutMs: number,
): Promise<{ works: string[]; problems: ConfigProblem[] }> {
  const works: string[] = []
  const problems: ConfigProblem[] = []
  await Promise.all(
    config.prices.map(async (entry, i) => {
      if (!entry.feed) return
      const chainId = entry.feed.chainId ?? entry.chainId
      const url = config.chains[String(chainId)]?.rpcUrls.find((u) => u !== 'embedded')
      if (url === undefined) return
      const path = `prices[${i}].feed`
      const feed = entry.feed.address as Address
      const name = `feed ${feed} on chain ${chainId}`
      const client = createPublicClient({
        transport: http(url, { timeout: timeoutMs, retryCount: 0 }),
      })
      try {
        const read = await readFeedRounds(client, {
          feeds: [feed],
          feedDecimals: [feed],
          tokenDecimals: [],
        })
        const key = feed.toLowerCase()
        const dead = read.deadFeeds.get(key)
        if (dead !== undefined) throw new Error(dead)
        const price = feedAnswerToUsdE18(
          { ...read.rounds.get(key)!, decimals: read.feedDecimals.get(key)! },
          read.blockTimestampSec!,
          entry.feed.maxAgeMs,
        )
        if ('problem' in price) {
          problems.push({
            path,
            problem: `${name}: ${price.problem}`,
            fix: 'give a live feed of this token (or raise maxAgeMs if the feed updates slower)',
          })
          return
        }
        works.push(`${path}: ${name} answers a fresh price (via ${hostOf(url)})`)
      } catch (error) {
        problems.push({
          path,
          problem: `${name} does not answer latestRoundData() (${firstLine(error)})`,
          fix: `give the address of a Chainlink-style USD feed on chain ${chainId}, or an RPC of that chain`,
        })
      }
    }),
  )
  return { works, problems }
}

function firstLine(error: unknown): string {
  const short = (error as { shortMessage?: string }).shortMessage
  return (short ?? (error as Error).message ?? String(error)).split('\n')[0]!
}
