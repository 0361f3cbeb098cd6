import { describe, expect, test } from 'vitest'
import { orderQuoteSchema } from '../../../../src/api/schemas/orderQuote.ts'
import { swapQuoteSchema } from '../../../../src/api/schemas/swapQuote.ts'
import type {
  CrossChainRouteRequest,
  SwapRouteRequest,
} from '../../../../src/common/strategy/marketTypes.ts'
import { buildOrderQuoteObservation } from '../../../../src/execute/market/buildOrderQuoteObservation.ts'
import { buildSwapQuoteObservation } from '../../../../src/execute/market/buildSwapQuoteObservation.ts'
import { swapQuoteExample } from '../../../fixtures/api/responses.ts'
import { createTxJsonExample } from '../../../fixtures/conformance/createTxJsonExample.ts'

const crossRequest: CrossChainRouteRequest = {
  kind: 'crossChain',
  requestId: 'r',
  routeId: 'route',
  amountIn: 1_000_000_000_000_000_000_000n,
  recipient: '0x1111111111111111111111111111111111111111',
  srcChainId: 42161,
  srcToken: '0x0',
  dstChainId: 137,
  dstToken: '0x0',
}

describe('buildOrderQuoteObservation', () => {
  test('default: recommended and guaranteed outputs, fixFee in the native cost', () => {
    const quote = orderQuoteSchema.parse(createTxJsonExample)
    const obs = buildOrderQuoteObservation({
      request: crossRequest,
      quote,
      quotedAtMs: 5,
      nativePriceUsd: 3000,
      nativeDecimals: 18,
    })
    expect(obs.amountIn).toBe(BigInt(quote.estimation.srcChainTokenIn.amount))
    expect(obs.amountOut).toBe(BigInt(quote.estimation.dstChainTokenOut.recommendedAmount))
    expect(obs.minAmountOut).toBe(BigInt(quote.estimation.dstChainTokenOut.amount))
    expect(obs.nativeCost).toBeGreaterThanOrEqual(1_000_000_000_000_000n)
    // 0.001 ETH fixFee at 3000 USD = 3 USD at least
    expect(obs.nativeCostUsd).toBeGreaterThanOrEqual(3)
    const expectedBps =
      ((quote.estimation.srcChainTokenIn.approximateUsdValue -
        quote.estimation.dstChainTokenOut.recommendedApproximateUsdValue +
        obs.nativeCostUsd) /
        quote.estimation.srcChainTokenIn.approximateUsdValue) *
      10_000
    expect(obs.costBps).toBeCloseTo(expectedBps, 9)
  })

  test('behavior: an unknown native price makes the cost NaN (rejected as missingPrice)', () => {
    const quote = orderQuoteSchema.parse(createTxJsonExample)
    const obs = buildOrderQuoteObservation({
      request: crossRequest,
      quote: { ...quote, estimatedTransactionFee: undefined },
      quotedAtMs: 5,
      nativePriceUsd: undefined,
      nativeDecimals: 18,
    })
    expect(Number.isNaN(obs.costBps)).toBe(true)
  })
})

describe('buildSwapQuoteObservation', () => {
  test('default: compared aggregators as bigint outputs', () => {
    const quote = swapQuoteSchema.parse(swapQuoteExample)
    const request: SwapRouteRequest = {
      kind: 'swap',
      requestId: 's',
      routeId: 'route',
      amountIn: 1_000_000_000n,
      recipient: '0x1111111111111111111111111111111111111111',
      chainId: 42161,
      tokenIn: quote.tokenIn.address,
      tokenOut: quote.tokenOut.address,
    }
    const obs = buildSwapQuoteObservation({ request, quote, quotedAtMs: 1 })
    expect(obs.amountOut).toBe(400_000_000_000_000_000n)
    expect(obs.comparedAggregators[0]).toEqual({
      name: '1inch',
      amountOut: 399_000_000_000_000_000n,
      amountOutUsd: 997.5,
    })
    // (1000 − 999.2 + 0.05) / 1000 = 8.5 bps
    expect(obs.costBps).toBeCloseTo(8.5, 9)
  })
})
