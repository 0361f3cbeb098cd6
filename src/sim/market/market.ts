import type { ChainId } from '../../api/schemas/chainId.ts'
import type { MarketConfig } from './marketConfig.ts'
import type { MarketToken } from './marketToken.ts'

/** The result of one swap against a market pool. Amounts are base units of the output token. */
export type MarketSwap = {
  amountOut: bigint
  /** Output at the spot price, with no pool fee and no price impact. */
  spotAmountOut: bigint
  /** How much smaller `amountOut` is than `spotAmountOut`, in bps (pool fee plus impact). */
  priceImpactBps: number
  poolDepthUsd: number
}

/**
 * A deterministic simulated market: tokens, USD prices and pools. Prices only move when
 * {@link Market.step} is called, never with the wall clock.
 */
export type Market = {
  readonly config: MarketConfig
  /** How many walk steps have been taken. */
  stepCount(): number
  tokensOf(chainId: ChainId): MarketToken[]
  /** The token at `address` on `chainId` (EVM hex compared case-insensitively). */
  findToken(chainId: ChainId, address: string): MarketToken | undefined
  nativeToken(chainId: ChainId): MarketToken
  /** USD price of a price symbol; throws a RangeError for an unknown one. */
  priceUsd(priceSymbol: string): number
  /** Estimated volatility of the token's price, in bps. */
  volatilityBps(token: MarketToken): number
  /** USD value of `amount` base units of `token`. */
  valueUsd(token: MarketToken, amount: bigint): number
  /** Base units of `token` worth `usd`, floored. */
  amountForUsd(token: MarketToken, usd: number): bigint
  /** `amount` of `from` expressed in `to` at spot prices, floored; no fee, no impact. */
  convert(from: MarketToken, amount: bigint, to: MarketToken): bigint
  /** Swaps `amount` of `from` into `to` through their pool (same chain or not). */
  swap(from: MarketToken, amount: bigint, to: MarketToken): MarketSwap
  /** Advances the seeded random walk by `count` steps (default 1). */
  step(count?: number): void
}
