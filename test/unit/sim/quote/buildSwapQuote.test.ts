import { decodeFunctionData, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  type SwapTxParams,
  swapTxParamsSchema,
} from '../../../../src/api/requests/buildSwapTxQuery.ts'
import { swapQuoteSchema } from '../../../../src/api/schemas/swapQuote.ts'
import { EVM_CONTRACTS } from '../../../../src/chains/chainRegistry.ts'
import { createMarket } from '../../../../src/sim/market/createMarket.ts'
import { buildSwapQuote } from '../../../../src/sim/quote/buildSwapQuote.ts'
import { QuoteBuildError } from '../../../../src/sim/quote/QuoteBuildError.ts'
import { simSwapRouterAbi } from '../../../../src/sim/quote/simSwapRouterAbi.ts'
import { decodeRouterSwapCall } from '../../../../src/verify/decodeRouterSwapCall.ts'

const user = '0x2222222222222222222222222222222222222222'
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const NATIVE = '0x0000000000000000000000000000000000000000'

const swapQuote = (over: Partial<SwapTxParams> = {}, market = createMarket()) => {
  const params = swapTxParamsSchema.parse({
    chainId: 42161,
    tokenIn: USDC_ARB,
    tokenInAmount: 3_000_000_000n,
    tokenOut: NATIVE,
    tokenOutRecipient: user,
    ...over,
  })
  const answer = buildSwapQuote(params, { market, nowMs: 0 })
  expect(swapQuoteSchema.parse(answer)).toBeTruthy()
  return answer
}

describe('buildSwapQuote', () => {
  test('default: output from the market after the fee, auto slippage from volatility', () => {
    const q = swapQuote()
    expect(q.protocolFee).toBe('1200000')
    // 2998.8 USDC at $3000/ETH, minus the impact of a $20M pool.
    const spot = 999_600_000_000_000_000n
    const amount = BigInt(q.tokenOut.amount)
    expect(amount).toBeLessThan(spot)
    expect(amount).toBeGreaterThan((spot * 9_998n) / 10_000n)
    // USDC (0) vs ETH (25) volatility + 10 bps base = 0.35 %.
    expect(q.recommendedSlippage).toBe(0.35)
    expect(q.slippage).toBe(0.35)
    expect(q.tokenOut.minAmount).toBe(((amount * 9_965n) / 10_000n).toString())
    expect(q.costsDetails?.map((c) => c.type)).toEqual(['SwapFee', 'Swap'])
    expect(q.estimatedTransactionFee?.details.gasLimit).toBe('220000')
  })

  test("behavior: tx is the router's swap(...), paying the recipient through the devnet router", () => {
    const q = swapQuote()
    expect(q.tx.to).toBe(EVM_CONTRACTS.forwarder)
    expect(q.tx.value).toBe('0')
    const call = decodeRouterSwapCall(q.tx.data as Hex)
    expect(call.tokenIn.toLowerCase()).toBe(USDC_ARB)
    expect(call.amountIn).toBe(3_000_000_000n)
    expect(call.tokenOut).toBe(NATIVE)
    expect(call.tokenOutMinAmount.toString()).toBe(q.tokenOut.minAmount)
    expect(call.recipient.toLowerCase()).toBe(user)
    expect([call.surplusShareBps, call.affiliateFeeEnvelope, call.permitEnvelope]).toEqual([
      10_000,
      '0x',
      '0x',
    ])
    const leg = decodeFunctionData({ abi: simSwapRouterAbi, data: call.swapCalldata })
    expect(leg.functionName).toBe('swap')
    const [tokenIn, amountIn, tokenOut, minOut, recipient] = leg.args
    expect(tokenIn.toLowerCase()).toBe(USDC_ARB)
    expect(amountIn).toBe(3_000_000_000n)
    expect(tokenOut).toBe(NATIVE)
    expect(minOut.toString()).toBe(q.tokenOut.minAmount)
    // The router leg pays the forwarder, which pays the recipient.
    expect(recipient).toBe(EVM_CONTRACTS.forwarder)
  })

  test('behavior: native input sends its amount as value; a given slippage is used as is', () => {
    const q = swapQuote({
      tokenIn: NATIVE,
      tokenInAmount: 10n ** 18n,
      tokenOut: USDC_ARB,
      slippage: 1,
    })
    expect(q.tx.value).toBe(String(10n ** 18n))
    expect(q.slippage).toBe(1)
    expect(q.recommendedSlippage).toBe(0.35)
    expect(q.tokenOut.minAmount).toBe(((BigInt(q.tokenOut.amount) * 99n) / 100n).toString())
  })

  test('behavior: the affiliate fee is a percent of the output', () => {
    const plain = swapQuote()
    const q = swapQuote({ affiliateFeePercent: 1, affiliateFeeRecipient: user })
    const gross = BigInt(plain.tokenOut.amount)
    expect(q.tokenOut.amount).toBe((gross - gross / 100n).toString())
    expect(q.costsDetails?.at(-1)?.type).toBe('AffiliateFee')
  })

  test('behavior: four named aggregators, deterministic per request, sometimes better than us', () => {
    const q = swapQuote()
    expect(q.comparedAggregators.map((a) => a.name)).toEqual(['1inch', '0x', 'KyberSwap', 'OKX'])
    expect(swapQuote().comparedAggregators).toEqual(q.comparedAggregators)
    const amounts = [1n, 2n, 3n, 5n, 8n, 13n, 21n].map((k) => k * 100_000_000n)
    let beaten = 0
    let worse = 0
    for (const tokenInAmount of amounts) {
      const s = swapQuote({ tokenInAmount })
      const ours = BigInt(s.tokenOut.amount)
      for (const a of s.comparedAggregators) {
        if (BigInt(a.amount) > ours) beaten++
        else worse++
        expect(a.priceDrop).toBeGreaterThanOrEqual(0)
      }
      const best = s.comparedAggregators.reduce(
        (top, a) => (BigInt(a.amount) > top ? BigInt(a.amount) : top),
        ours,
      )
      for (const a of s.comparedAggregators) {
        if (BigInt(a.amount) === best) expect(a.priceDrop).toBe(0)
      }
    }
    expect(beaten).toBeGreaterThan(0)
    expect(worse).toBeGreaterThan(beaten)
  })

  test('behavior: the comparison changes with the market seed', () => {
    const a = swapQuote({}, createMarket({ seed: 1 })).comparedAggregators
    const b = swapQuote({}, createMarket({ seed: 2 })).comparedAggregators
    expect(a.map((x) => x.amount)).not.toEqual(b.map((x) => x.amount))
  })

  test('behavior: an unknown token is a typed error', () => {
    expect(() => swapQuote({ tokenOut: '0x912ce59144191c1204e64559fe8253a0e49e6548' })).toThrow(
      QuoteBuildError,
    )
  })
})
