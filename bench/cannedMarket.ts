import type {
  QuoteObservation,
  RouteRequest,
  TokenBalance,
} from '../src/common/strategy/marketTypes.ts'

/** The devnet user, whose wallet the canned balances belong to. */
export const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const ARB_USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
export const BASE_USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'

/** 1 000 000 USDC and 10 000 ETH on Arbitrum and Base, priced at 1 and 3 000 USD. */
export const CANNED_BALANCES: TokenBalance[] = [42161, 8453].flatMap((chainId) => [
  {
    chainId,
    token: chainId === 42161 ? ARB_USDC : BASE_USDC,
    symbol: 'USDC',
    decimals: 6,
    isNative: false,
    owner: OWNER,
    amount: 1_000_000_000_000n,
    priceUsd: 1,
  },
  {
    chainId,
    token: '0x0000000000000000000000000000000000000000',
    symbol: 'ETH',
    decimals: 18,
    isNative: true,
    owner: OWNER,
    amount: 10n ** 22n,
    priceUsd: 3_000,
  },
])

/**
 * A canned quote for the in-memory worlds of the engine benches: 100 USD in, 99.9 out (0.1 % of
 * the input lost), 0.05 USD of gas, answered at once with no network.
 */
export function cannedQuote(request: RouteRequest, nowMs: number): QuoteObservation {
  const amountOut = (request.amountIn * 999n) / 1_000n
  return {
    request,
    quotedAtMs: nowMs,
    amountIn: request.amountIn,
    amountInUsd: 100,
    amountOut,
    amountOutUsd: 99.9,
    minAmountOut: amountOut,
    outDecimals: 6,
    nativeCost: 10n ** 13n,
    nativeCostUsd: 0.05,
    costBps: 15,
    priceImpactBps: 1,
    costsUsd: { fixFee: 0.05, protocolFee: 0.04, takerMargin: 0.01 },
    comparedAggregators: [],
  }
}

/**
 * An `arbitrage` strategy instance, not in paper mode, with `count` USDC round trips Arbitrum →
 * Base → Arbitrum that always clear (minProfitBps −10 000): each trip's first leg becomes an
 * intent every tick, so a tick runs the risk checks and the journal as a live config's would.
 */
export function roundTripStrategy(count: number, intervalMs: number) {
  return {
    name: 'arbitrage',
    id: 'bench',
    schedule: { intervalMs },
    params: {
      paper: false,
      minProfitBps: -10_000,
      roundTrips: Array.from({ length: count }, (_, i) => ({
        chainA: 42161,
        tokenA: ARB_USDC,
        chainB: 8453,
        tokenB: BASE_USDC,
        amountIn: String(100_000_000 + i),
        returnAmountIn: String(99_900_000 + i),
      })),
    },
  }
}
