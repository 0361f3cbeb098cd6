import type {
  MarketSnapshot,
  QuoteObservation,
  RouteRequest,
  TokenBalance,
} from '../../../src/common/strategy/marketTypes.ts'

export const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
export const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
export const USDC_SOL = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
export const WETH_ARB = '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1'
export const OWNER_EVM = '0x1111111111111111111111111111111111111111'
export const OWNER_SOL = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
export const TREASURY = '0x2222222222222222222222222222222222222222'

/** A USDC balance (6 decimals) on a chain, priced at 1 USD. */
export function usdc(chainId: number, amount: bigint): TokenBalance {
  const token = chainId === 42161 ? USDC_ARB : chainId === 8453 ? USDC_BASE : USDC_SOL
  return {
    chainId,
    token,
    symbol: 'USDC',
    decimals: 6,
    isNative: false,
    owner: chainId === 7565164 ? OWNER_SOL : OWNER_EVM,
    amount,
    priceUsd: 1,
  }
}

export function buildSnapshot(balances: TokenBalance[], nowMs = 1_000_000): MarketSnapshot {
  return { nowMs, balances, pricesUsd: {}, inFlight: [] }
}

/**
 * A quote for `request`: USD values at 1 USD per 1e6 base units (USDC), no gas unless given.
 * `amountOut` is the recommended output; the guaranteed one is 0.2% under it.
 */
export function buildQuote(
  request: RouteRequest,
  amountOut: bigint,
  overrides: Partial<QuoteObservation> = {},
): QuoteObservation {
  const inUsd = Number(request.amountIn) / 1e6
  const outUsd = Number(amountOut) / 1e6
  return {
    request,
    quotedAtMs: 1_000_000,
    amountIn: request.amountIn,
    amountInUsd: inUsd,
    amountOut,
    amountOutUsd: outUsd,
    minAmountOut: (amountOut * 998n) / 1000n,
    outDecimals: 6,
    nativeCost: 0n,
    nativeCostUsd: 0,
    costBps: inUsd > 0 ? ((inUsd - outUsd) / inUsd) * 10_000 : Number.NaN,
    priceImpactBps: undefined,
    costsUsd: { swap: inUsd - outUsd },
    comparedAggregators: [],
    ...overrides,
  }
}
