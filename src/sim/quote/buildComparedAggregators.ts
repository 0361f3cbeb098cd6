import { hexToNumber, keccak256, slice, stringToHex } from 'viem'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import type { ComparedAggregator } from '../../api/schemas/swapQuote.ts'
import type { Market } from '../market/market.ts'
import type { MarketToken } from '../market/marketToken.ts'
import { createSeededRandom } from '../random/createSeededRandom.ts'
import type { QuoteConfig } from './quoteConfig.ts'
import { roundTo } from './roundTo.ts'

const EVM_AGGREGATORS = ['1inch', '0x', 'KyberSwap', 'OKX']
const SOLANA_AGGREGATORS = ['Jupiter', 'OKX', 'Raydium', 'Orca']

/** What the aggregators are compared on: the request and our route's output. */
export type CompareParams = {
  tokenIn: MarketToken
  amountIn: bigint
  tokenOut: MarketToken
  /** Our route's output, in tokenOut base units. */
  amountOut: bigint
}

/**
 * comparedAggregators of a single-chain swap (docs/service.md §2.9, docs/dln.md §6): 1inch, 0x, KyberSwap and
 * OKX on EVM chains, Jupiter, OKX, Raydium and Orca on Solana. Each output is ours moved by a
 * whole number of bps drawn uniformly from `config.aggregatorSpreadBps`, seeded by the market seed
 * and the request (chain, tokens, amount), so a request always gets the same comparison and
 * some aggregators beat our route. `priceDrop` is in percent below the best output among ours and
 * theirs (0 for the best), rounded to 4 decimals.
 */
export function buildComparedAggregators(
  market: Market,
  config: QuoteConfig,
  p: CompareParams,
): ComparedAggregator[] {
  const key = `${market.config.seed}:${p.tokenIn.chainId}:${p.tokenIn.address}:${p.tokenOut.address}:${p.amountIn}`
  const random = createSeededRandom(hexToNumber(slice(keccak256(stringToHex(key)), 0, 4)))
  const { min, max } = config.aggregatorSpreadBps
  const names = p.tokenIn.chainId === SOLANA_CHAIN_ID ? SOLANA_AGGREGATORS : EVM_AGGREGATORS
  const amounts = names.map((name) => {
    const bps = Math.round(min + random() * (max - min))
    return { name, amount: (p.amountOut * BigInt(10_000 + bps)) / 10_000n }
  })
  // Math.max does not take bigints.
  let best = p.amountOut
  for (const a of amounts) if (a.amount > best) best = a.amount
  return amounts.map(({ name, amount }) => ({
    name,
    amount: amount.toString(),
    approximateUsdValue: market.valueUsd(p.tokenOut, amount),
    priceDrop: best === 0n ? 0 : roundTo(Number(((best - amount) * 1_000_000n) / best) / 10_000, 4),
    imageUrl: `https://sim.ferry.invalid/aggregators/${name.toLowerCase()}.svg`,
  }))
}
