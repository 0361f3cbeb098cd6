import type { Intent, QuoteObservation } from '../../../../src/common/strategy/marketTypes.ts'
import type { RiskContext, RiskLimits } from '../../../../src/engine/risk/riskTypes.ts'

const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const NATIVE = '0x0000000000000000000000000000000000000000'

/** Limits wide enough that a default intent passes every check. */
export function buildLimits(overrides: Partial<RiskLimits> = {}): RiskLimits {
  return {
    maxNotionalUsdPerOrder: 1_000,
    maxNotionalUsdPerDay: 10_000,
    maxInFlightUsd: 5_000,
    maxCostBps: 50,
    minOutputVsUsdValueBps: 9_800,
    maxPriceImpactBps: 100,
    gasReserve: { '42161': 1_000_000_000_000_000n },
    cooldownMsAfterFailure: 300_000,
    ...overrides,
  }
}

/** A 100 USDC Arbitrum → Base intent: 99.8 USD out, 20 bps cost, 99.5 USDC guaranteed. */
export function buildIntent(
  quoteOverrides: Partial<QuoteObservation> = {},
  intentOverrides: Partial<Intent> = {},
): Intent {
  const route = {
    kind: 'crossChain' as const,
    requestId: 'r1',
    routeId: `42161:${USDC_ARB}->8453:${USDC_BASE}`,
    amountIn: 100_000_000n,
    recipient: '0x1111111111111111111111111111111111111111',
    srcChainId: 42161,
    srcToken: USDC_ARB,
    dstChainId: 8453,
    dstToken: USDC_BASE,
  }
  const quote: QuoteObservation = {
    request: route,
    quotedAtMs: 1_000,
    amountIn: 100_000_000n,
    amountInUsd: 100,
    amountOut: 99_800_000n,
    amountOutUsd: 99.8,
    minAmountOut: 99_500_000n,
    outDecimals: 6,
    nativeCost: 100_000_000_000_000n,
    nativeCostUsd: 0.3,
    costBps: 20,
    priceImpactBps: 5,
    costsUsd: { fixFee: 0.3, protocolFee: 0.04, takerMargin: 0.16 },
    comparedAggregators: [],
    ...quoteOverrides,
  }
  return {
    route,
    quote,
    amountIn: route.amountIn,
    minAmountOut: quote.minAmountOut,
    recipient: route.recipient,
    notionalUsd: 100,
    reason: 'test',
    ...intentOverrides,
  }
}

/** A context in which {@link buildIntent} passes every check. */
export function buildContext(
  overrides: Partial<RiskContext> = {},
  limits: Partial<RiskLimits> = {},
): RiskContext {
  return {
    snapshot: {
      nowMs: 1_000_000,
      balances: [
        {
          chainId: 42161,
          token: NATIVE,
          symbol: 'ETH',
          decimals: 18,
          isNative: true,
          owner: '0x1111111111111111111111111111111111111111',
          amount: 2_000_000_000_000_000n,
          priceUsd: 3_000,
        },
      ],
      pricesUsd: {},
      inFlight: [],
    },
    limits: buildLimits(limits),
    globalLimits: buildLimits(limits),
    notionalUsdToday: 0,
    routeNotionalUsdToday: 0,
    inFlightUsd: 0,
    routeInFlightUsd: 0,
    lastRouteFailureAtMs: undefined,
    killSwitchEngaged: false,
    ...overrides,
  }
}

export { NATIVE, USDC_ARB }
