import type { Address, PublicClient } from 'viem'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { CHAINS } from '../../chains/chainRegistry.ts'
import { priceTokenKey } from '../../common/priceTokenKey.ts'
import { feedAnswerToUsdE18, pegUsdE18 } from './feedAnswerToUsdE18.ts'
import { PriceFeedUnavailableError } from './PriceFeedUnavailableError.ts'
import { readFeedRounds } from './readFeedRounds.ts'
import { indexPriceEntries, type PriceRoot, resolvePriceRoot } from './resolvePriceRoot.ts'
import { TrustedPriceError } from './TrustedPriceError.ts'
import type { PriceSnapshot, TokenUsdPrice, TrustedPriceSource } from './tokenUsdPrice.ts'
import type { TrustedPriceEntry } from './trustedPriceEntry.ts'

const SOLANA = 7565164
const SOLANA_NATIVE = '11111111111111111111111111111111'
const EVM_NATIVE = '0x0000000000000000000000000000000000000000'

/** Inputs of {@link createTrustedPriceSource}. */
export type CreateTrustedPriceSourceParams = {
  /** The config's parsed `prices` section (checked: one kind per entry, no sameAs cycles). */
  prices: readonly TrustedPriceEntry[]
  /**
   * ferry's read client of an EVM chain (createEvmRpc(...).read, batching on), or undefined when
   * ferry has no RPC for it. Asked only for chains with a feed or a token whose decimals it reads.
   */
  readClient(chainId: number): PublicClient | undefined
}

/**
 * The trusted prices of the value-flow judge (safety P-8.6, P-8.8): pegs from the config, feeds
 * read on chain, `sameAs` followed to its peg or feed. `snapshot(tokens)` reads only the feeds
 * those tokens need, all chains in parallel, each chain's reads at once (one batched HTTP request
 * on ferry's read client): the latest block, each feed's `latestRoundData()`, and the first time
 * only, the feeds' and EVM tokens' `decimals()` (cached for the life of the source). The result
 * is a pure lookup. A token with no `prices` entry is absent from it (the judge refuses); a feed
 * that answers 0 or less, is stale, or cannot be read (RPC down) rejects with a TrustedPriceError
 * (economics) naming the token and the feed; a feed that is not there (no contract, a revert, no
 * round ever) rejects with a PriceFeedUnavailableError (the config's fault).
 */
export function createTrustedPriceSource(
  params: CreateTrustedPriceSourceParams,
): TrustedPriceSource {
  const byKey = indexPriceEntries(params.prices)
  const feedDecimals = new Map<string, number>()
  const tokenDecimals = new Map<string, number>()

  const clientOf = (chainId: number, token: string, why: string): PublicClient => {
    const client = params.readClient(chainId)
    if (!client)
      throw new TrustedPriceError(token, `no RPC for chain ${chainId} to read ${why}`, {
        metaMessages: [`fix: add chains.${chainId}.rpcUrls to the config`],
      })
    return client
  }
  /** The token's decimals when known without a read. */
  const knownDecimals = (own: TrustedPriceEntry): number | undefined => {
    if (own.decimals !== undefined) return own.decimals
    if (own.chainId === SOLANA) return own.token === SOLANA_NATIVE ? 9 : undefined
    if (own.token === EVM_NATIVE) return CHAINS[own.chainId as ChainId]?.nativeDecimals ?? 18
    return tokenDecimals.get(priceTokenKey(own.chainId, own.token))
  }

  async function snapshot(
    tokens: readonly { chainId: ChainId; token: string }[],
  ): Promise<PriceSnapshot> {
    const wanted = new Map<string, PriceRoot & { name: string }>()
    for (const t of tokens) {
      const resolved = resolvePriceRoot(byKey, t.chainId, t.token)
      if (resolved) wanted.set(priceTokenKey(t.chainId, t.token), { ...resolved, name: name(t) })
    }
    // What each chain must read, deduplicated.
    type Reads = { feeds: Set<Address>; feedDecimals: Set<Address>; tokenDecimals: Set<Address> }
    const perChain = new Map<number, Reads>()
    const readsOf = (chainId: number): Reads => {
      let reads = perChain.get(chainId)
      if (!reads) {
        reads = { feeds: new Set(), feedDecimals: new Set(), tokenDecimals: new Set() }
        perChain.set(chainId, reads)
      }
      return reads
    }
    for (const { own, root, name: tokenName } of wanted.values()) {
      if (knownDecimals(own) === undefined) {
        if (own.chainId === SOLANA)
          throw new TrustedPriceError(tokenName, 'its decimals are not in the config', {
            metaMessages: ['fix: give prices[].decimals for this Solana token'],
          })
        readsOf(own.chainId).tokenDecimals.add(lower(own.token))
      }
      if (root.feed) {
        const feedChainId = root.feed.chainId ?? root.chainId
        const address = lower(root.feed.address)
        readsOf(feedChainId).feeds.add(address)
        if (!feedDecimals.has(`${feedChainId}:${address}`))
          readsOf(feedChainId).feedDecimals.add(address)
      }
    }
    const firstTokenOn = (chainId: number): string =>
      [...wanted.values()].find(
        (w) =>
          w.own.chainId === chainId ||
          (w.root.feed && (w.root.feed.chainId ?? w.root.chainId) === chainId),
      )?.name ?? `chain ${chainId}`
    const results = new Map(
      await Promise.all(
        [...perChain].map(async ([chainId, reads]) => {
          const client = clientOf(chainId, firstTokenOn(chainId), 'prices')
          try {
            const result = await readFeedRounds(client, {
              feeds: [...reads.feeds],
              feedDecimals: [...reads.feedDecimals],
              tokenDecimals: [...reads.tokenDecimals],
            })
            return [chainId, result] as const
          } catch (error) {
            throw new TrustedPriceError(firstTokenOn(chainId), `reading chain ${chainId} failed`, {
              metaMessages: [`reads: feeds ${[...reads.feeds].join(', ') || 'none'}`],
              details: (error as Error).message.split('\n')[0],
              cause: error,
            })
          }
        }),
      ),
    )
    for (const [chainId, result] of results) {
      for (const [address, d] of result.feedDecimals) feedDecimals.set(`${chainId}:${address}`, d)
      for (const [address, d] of result.tokenDecimals)
        tokenDecimals.set(priceTokenKey(chainId, address), d)
    }
    const prices = new Map<string, TokenUsdPrice>()
    for (const [key, { own, root, name: tokenName }] of wanted) {
      const decimals = knownDecimals(own)!
      const via = root === own ? '' : `same as ${name(root)}, `
      if (root.usd !== undefined) {
        prices.set(key, { usdE18: pegUsdE18(root.usd), decimals, source: `${via}peg ${root.usd}` })
        continue
      }
      const feed = root.feed!
      const feedChainId = feed.chainId ?? root.chainId
      const address = lower(feed.address)
      const result = results.get(feedChainId)!
      const feedName = `feed ${feed.address}@${feedChainId}`
      const round = result.rounds.get(address)
      const dead =
        result.deadFeeds.get(address) ??
        (round?.updatedAt === 0n ? 'has never answered a round (updatedAt 0)' : undefined)
      if (dead !== undefined || round === undefined)
        throw new PriceFeedUnavailableError(
          { chainId: feedChainId, address: feed.address },
          tokenName,
          dead ?? 'answers nothing',
          {
            metaMessages: [
              `fix: give prices[].feed.address of a live Chainlink-style USD feed on chain ${feedChainId} (ferry config check --online probes it)`,
            ],
          },
        )
      const price = feedAnswerToUsdE18(
        {
          ...round,
          decimals: feedDecimals.get(`${feedChainId}:${address}`)!,
        },
        result.blockTimestampSec!,
        feed.maxAgeMs,
      )
      if ('problem' in price)
        throw new TrustedPriceError(tokenName, price.problem, {
          metaMessages: [`feed: ${feed.address} on chain ${feedChainId}`],
        })
      prices.set(key, { usdE18: price.usdE18, decimals, source: `${via}${feedName}` })
    }
    return { get: (chainId, token) => prices.get(priceTokenKey(chainId, token)) }
  }
  return { snapshot }
}

const lower = (address: string): Address => address.toLowerCase() as Address
const name = (t: { chainId: number; token: string }): string => `${t.chainId}:${t.token}`
