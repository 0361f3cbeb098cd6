import {
  AbiDecodingDataSizeTooSmallError,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  erc20Abi,
  type PublicClient,
} from 'viem'
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
  /**
   * Feeds that are not working feeds, with why: no contract (no data), a revert, an answer of
   * another shape. Their rounds and decimals are absent. A transport failure is never here: it
   * rejects the whole read.
   */
  deadFeeds: Map<string, string>
}

/**
 * Reads one chain's share of a price snapshot, every call at once: the latest block (the clock
 * feeds are judged against, P-8.8), each feed's `latestRoundData()`, and the `decimals()` not
 * cached yet. On ferry's read client (JSON-RPC batching on, createEvmRpc) the calls of one
 * snapshot share one HTTP request. A feed read the chain answers with no data, a revert or
 * bytes of another ABI marks that feed dead; any other failed read rejects.
 */
export async function readFeedRounds(
  client: PublicClient,
  reads: FeedReads,
): Promise<FeedReadResult> {
  const read = <T>(address: Address, abi: typeof aggregatorV3Abi | typeof erc20Abi, name: string) =>
    client.readContract({ address, abi, functionName: name as never }) as Promise<T>
  const deadFeeds = new Map<string, string>()
  const feedRead = <T>(address: Address, name: string): Promise<T | undefined> =>
    read<T>(address, aggregatorV3Abi, name).catch((error: unknown) => {
      const why = deadFeedReason(error, name)
      if (why === undefined) throw error
      // Both reads of a dead feed fail; the round's reason is the one named.
      const key = address.toLowerCase()
      if (name === 'latestRoundData' || !deadFeeds.has(key)) deadFeeds.set(key, why)
      return undefined
    })
  const [block, rounds, feedDecimals, tokenDecimals] = await Promise.all([
    reads.feeds.length > 0 ? client.getBlock({ blockTag: 'latest' }) : undefined,
    Promise.all(
      reads.feeds.map((a) =>
        feedRead<readonly [bigint, bigint, bigint, bigint, bigint]>(a, 'latestRoundData'),
      ),
    ),
    Promise.all(reads.feedDecimals.map((a) => feedRead<number>(a, 'decimals'))),
    Promise.all(reads.tokenDecimals.map((a) => read<number>(a, erc20Abi, 'decimals'))),
  ])
  const byAddress = <T>(addresses: readonly Address[], values: readonly (T | undefined)[]) =>
    new Map(
      addresses.flatMap((a, i) => (values[i] === undefined ? [] : [[a.toLowerCase(), values[i]]])),
    )
  return {
    blockTimestampSec: block?.timestamp,
    rounds: byAddress(
      reads.feeds,
      rounds.map((r) => (r ? { answer: r[1], updatedAt: r[3] } : undefined)),
    ),
    feedDecimals: byAddress(
      reads.feedDecimals,
      feedDecimals.map((d) => (d === undefined ? undefined : Number(d))),
    ),
    tokenDecimals: byAddress(reads.tokenDecimals, tokenDecimals.map(Number)),
    deadFeeds,
  }
}

/** Why a failed feed read means the feed is not there, or undefined (RPC down, timeout). Pure. */
export function deadFeedReason(error: unknown, functionName: string): string | undefined {
  if (!(error instanceof BaseError)) return undefined
  if (error.walk((e) => e instanceof ContractFunctionZeroDataError))
    return `answers no data to ${functionName}() (no contract at that address?)`
  if (error.walk((e) => e instanceof ContractFunctionRevertedError))
    return `reverts ${functionName}()`
  if (error.walk((e) => e instanceof AbiDecodingDataSizeTooSmallError))
    return `answers ${functionName}() in another shape (not a Chainlink-style feed)`
  return undefined
}
