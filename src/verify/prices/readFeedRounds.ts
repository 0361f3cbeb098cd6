import { type Address, erc20Abi, type PublicClient } from 'viem'
import { aggregatorV3Abi } from './aggregatorV3Abi.ts'

/** What {@link readFeedRounds} reads on one EVM chain. */
export type FeedReads = {
  /** Feeds whose `latestRoundData()` is needed. */
  feeds: readonly Address[]
  /** Feeds whose `decimals()` is not known yet (a subset of `feeds`). */
  feedDecimals: readonly Address[]
  /** Token contracts whose `decimals()` is not known yet. */
  tokenDecimals: readonly Address[]
}

/** The answers of {@link readFeedRounds}, by lower-case address. */
export type FeedReadResult = {
  /** The latest block's timestamp, Unix seconds; undefined when no feed was read. */
  blockTimestampSec: bigint | undefined
  rounds: Map<string, { answer: bigint; updatedAt: bigint }>
  feedDecimals: Map<string, number>
  tokenDecimals: Map<string, number>
}

/**
 * Reads one chain's share of a price snapshot, every call at once: the latest block (the clock
 * feeds are judged against, P-8.8), each feed's `latestRoundData()`, and the `decimals()` not
 * cached yet. On ferry's read client (JSON-RPC batching on, createEvmRpc) the calls of one
 * snapshot share one HTTP request. Rejects with the first failed read.
 */
export async function readFeedRounds(
  client: PublicClient,
  reads: FeedReads,
): Promise<FeedReadResult> {
  const read = <T>(address: Address, abi: typeof aggregatorV3Abi | typeof erc20Abi, name: string) =>
    client.readContract({ address, abi, functionName: name as never }) as Promise<T>
  const [block, rounds, feedDecimals, tokenDecimals] = await Promise.all([
    reads.feeds.length > 0 ? client.getBlock({ blockTag: 'latest' }) : undefined,
    Promise.all(
      reads.feeds.map((a) =>
        read<readonly [bigint, bigint, bigint, bigint, bigint]>(
          a,
          aggregatorV3Abi,
          'latestRoundData',
        ),
      ),
    ),
    Promise.all(reads.feedDecimals.map((a) => read<number>(a, aggregatorV3Abi, 'decimals'))),
    Promise.all(reads.tokenDecimals.map((a) => read<number>(a, erc20Abi, 'decimals'))),
  ])
  const byAddress = <T>(addresses: readonly Address[], values: readonly T[]) =>
    new Map(addresses.map((a, i) => [a.toLowerCase(), values[i]!]))
  return {
    blockTimestampSec: block?.timestamp,
    rounds: byAddress(
      reads.feeds,
      rounds.map(([, answer, , updatedAt]) => ({ answer, updatedAt })),
    ),
    feedDecimals: byAddress(reads.feedDecimals, feedDecimals.map(Number)),
    tokenDecimals: byAddress(reads.tokenDecimals, tokenDecimals.map(Number)),
  }
}
