import { describe, expect, test } from 'vitest'
import type { RouteRequest } from '../../../src/common/strategy/marketTypes.ts'
import { fitQuoteToRequest } from '../../../src/replay/fitQuoteToRequest.ts'
import { buildQuote, OWNER_EVM, USDC_ARB, USDC_BASE } from '../strategies/buildStrategyFixture.ts'

const request: RouteRequest = {
  kind: 'crossChain',
  requestId: 'r',
  routeId: 'route',
  amountIn: 1_000_000_000n,
  recipient: OWNER_EVM,
  srcChainId: 42161,
  srcToken: USDC_ARB,
  dstChainId: 8453,
  dstToken: USDC_BASE,
}
const recorded = buildQuote(request, 996_000_000n, {
  nativeCost: 5n,
  nativeCostUsd: 1,
  costBps: 50,
  costsUsd: { fixFee: 1, takerMargin: 4 },
})

describe('fitQuoteToRequest: a recorded quote as the answer to the request replayed', () => {
  test('default: the same amount gets the recorded quote unchanged', () => {
    expect(fitQuoteToRequest(recorded, { ...request })).toEqual(recorded)
  })

  test('behavior: another amount scales amounts and USD, keeps the native cost, and reworks costBps', () => {
    const half = fitQuoteToRequest(recorded, { ...request, amountIn: 500_000_000n })
    expect(half.amountIn).toBe(500_000_000n)
    expect(half.amountOut).toBe(498_000_000n)
    expect(half.minAmountOut).toBe((recorded.minAmountOut * 1n) / 2n)
    expect(half.nativeCost).toBe(5n)
    expect(half.costsUsd).toEqual({ fixFee: 1, takerMargin: 2 })
    // (500 − 498 + 1) / 500: the fixed cost weighs twice as much on half the size.
    expect(half.costBps).toBeCloseTo(60, 9)
  })
})
