import { DEFAULT_MARKET_TOKENS } from './defaultMarketTokens.ts'
import type { MarketToken } from './marketToken.ts'

/** Everything the simulated market is made of. Every field has a default: see {@link DEFAULT_MARKET_CONFIG}. */
export type MarketConfig = {
  /** Seed of every random draw of the market (price walk, aggregator spreads). */
  seed: number
  tokens: readonly MarketToken[]
  /** USD price per `priceSymbol` (WETH follows ETH, WBTC follows BTC). */
  pricesUsd: Readonly<Record<string, number>>
  /**
   * Largest relative move of one price per {@link Market.step}, in bps, per price symbol. The walk
   * is uniform in ±this value. 0 (the default) keeps prices fixed.
   */
  walkStepBps: Readonly<Record<string, number>>
  /** Walk step of symbols missing from `walkStepBps`, in bps. Default 0: no walk. */
  defaultWalkStepBps: number
  /** Symbols pinned at their price (USD stablecoins): the walk never moves them. */
  peggedSymbols: readonly string[]
  /** Estimated short-term volatility per price symbol, in bps; drives slippage allowances. */
  volatilityBps: Readonly<Record<string, number>>
  /** Volatility of symbols missing from `volatilityBps`, in bps. */
  defaultVolatilityBps: number
  /**
   * Liquidity of one pool in USD, keyed `A/B` with the two price symbols sorted. A swap of
   * `x` USD into a pool of depth `D` gets `D / (D + x)` of the spot output (constant product).
   */
  poolDepthUsd: Readonly<Record<string, number>>
  /** Depth of a pool of two pegged symbols, in USD. */
  stablePoolDepthUsd: number
  /** Depth of a pool of a pegged symbol and ETH or BTC, in USD. */
  majorPoolDepthUsd: number
  /** Depth of any other pool, in USD. */
  defaultPoolDepthUsd: number
  /** Pool fee taken from every market swap, in bps. */
  lpFeeBps: number
}

/**
 * Defaults: prices of late 2025 rounded (USDC and USDT exactly 1, so fee arithmetic on stable
 * orders is exact), no walk, pools of $50M (stable/stable), $20M (stable/ETH or BTC) and $5M.
 */
export const DEFAULT_MARKET_CONFIG: MarketConfig = {
  seed: 1,
  tokens: DEFAULT_MARKET_TOKENS,
  pricesUsd: {
    USDC: 1,
    USDT: 1,
    ETH: 3000,
    BTC: 90000,
    BNB: 600,
    POL: 0.25,
    AVAX: 25,
    SOL: 150,
    NEON: 0.3,
    xDAI: 1,
    ZIL: 0.02,
    FLOW: 0.5,
    IP: 4,
    S: 0.5,
    BERA: 3,
    HYPE: 30,
    MNT: 0.8,
    SOPH: 0.03,
    TRX: 0.25,
    SEI: 0.3,
    XPL: 0.5,
  },
  walkStepBps: {},
  defaultWalkStepBps: 0,
  peggedSymbols: ['USDC', 'USDT', 'xDAI'],
  volatilityBps: { USDC: 0, USDT: 2, xDAI: 2, ETH: 25, BTC: 20, BNB: 30, SOL: 35 },
  defaultVolatilityBps: 45,
  poolDepthUsd: {},
  stablePoolDepthUsd: 50_000_000,
  majorPoolDepthUsd: 20_000_000,
  defaultPoolDepthUsd: 5_000_000,
  lpFeeBps: 0,
}
