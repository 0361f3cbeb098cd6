import { describe, expect, test } from 'vitest'
import { CHAIN_IDS } from '../../../../src/api/schemas/chainId.ts'
import { createMarket } from '../../../../src/sim/market/createMarket.ts'
import type { MarketToken } from '../../../../src/sim/market/marketToken.ts'

const token = (
  chainId: Parameters<ReturnType<typeof createMarket>['tokensOf']>[0],
  symbol: string,
): MarketToken => {
  const found = createMarket()
    .tokensOf(chainId)
    .find((t) => t.symbol === symbol)
  if (!found) throw new Error(`${symbol} missing on ${chainId}`)
  return found
}

describe('createMarket', () => {
  test('default: every spec chain has its native token; the big EVM chains and Solana add USDC', () => {
    const market = createMarket()
    for (const chainId of CHAIN_IDS) expect(market.nativeToken(chainId).isNative).toBe(true)
    for (const chainId of [1, 10, 56, 137, 8453, 42161, 43114, 59144, 7565164] as const) {
      expect(market.tokensOf(chainId).map((t) => t.symbol)).toContain('USDC')
    }
    expect(market.tokensOf(1).map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'USDT', 'WETH', 'WBTC'])
    expect(market.nativeToken(7565164)).toMatchObject({
      address: '11111111111111111111111111111111',
      symbol: 'SOL',
      decimals: 9,
    })
  })

  test('behavior: real decimals, including the 18-decimal USDC of BNB Chain', () => {
    expect(token(1, 'USDC').decimals).toBe(6)
    expect(token(56, 'USDC').decimals).toBe(18)
    expect(token(42161, 'WBTC').decimals).toBe(8)
    expect(token(7565164, 'USDC').address).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
  })

  test('behavior: findToken ignores EVM case, not base58 case', () => {
    const market = createMarket()
    expect(market.findToken(42161, '0xAF88d065e77c8cC2239327C5EDb3A432268e5831')?.symbol).toBe(
      'USDC',
    )
    expect(
      market.findToken(7565164, 'epjfwdd5aufqssqem2qn1xzybapc8g4wegGkZwyTDt1v'),
    ).toBeUndefined()
  })

  test('behavior: convert rescales decimals one to one for the same asset', () => {
    const market = createMarket()
    expect(market.convert(token(42161, 'USDC'), 1_000_000n, token(56, 'USDC'))).toBe(10n ** 18n)
    expect(market.convert(token(1, 'ETH'), 10n ** 18n, token(1, 'USDC'))).toBe(3_000_000_000n)
  })

  test('behavior: price impact grows with order size', () => {
    const market = createMarket()
    const eth = token(1, 'ETH')
    const usdc = token(1, 'USDC')
    const impacts = [10n ** 17n, 10n ** 20n, 10n ** 22n].map((a) => market.swap(eth, a, usdc))
    expect(impacts[0]?.priceImpactBps).toBe(0)
    expect(impacts[1]?.priceImpactBps).toBeGreaterThan(100)
    expect(impacts[2]?.priceImpactBps).toBeGreaterThan(impacts[1]?.priceImpactBps ?? 0)
    for (const s of impacts) expect(s.amountOut).toBeLessThanOrEqual(s.spotAmountOut)
  })

  test('behavior: a deeper pool means less impact', () => {
    const eth = token(1, 'ETH')
    const usdc = token(1, 'USDC')
    const shallow = createMarket({ majorPoolDepthUsd: 1_000_000 }).swap(eth, 10n ** 20n, usdc)
    const deep = createMarket({ majorPoolDepthUsd: 100_000_000 }).swap(eth, 10n ** 20n, usdc)
    expect(shallow.priceImpactBps).toBeGreaterThan(deep.priceImpactBps)
  })

  test('behavior: prices stay fixed unless a walk is configured', () => {
    const market = createMarket()
    market.step(10)
    expect(market.priceUsd('ETH')).toBe(3000)
    expect(market.stepCount()).toBe(10)
  })

  test('behavior: the seeded walk is reproducible, seed-dependent, and leaves pegs alone', () => {
    const walk = (seed: number): number[] => {
      const market = createMarket({ seed, defaultWalkStepBps: 50 })
      market.step(5)
      return [market.priceUsd('ETH'), market.priceUsd('BTC'), market.priceUsd('USDC')]
    }
    expect(walk(7)).toEqual(walk(7))
    expect(walk(7)).not.toEqual(walk(8))
    expect(walk(7)[2]).toBe(1)
    const [eth] = walk(7)
    // 5 steps of at most 0.5 % each.
    expect(Math.abs((eth ?? 0) / 3000 - 1)).toBeLessThan(0.026)
    expect(eth).not.toBe(3000)
  })

  test('behavior: USD value and USD amount round-trip with floor', () => {
    const market = createMarket()
    const usdc = token(8453, 'USDC')
    expect(market.amountForUsd(usdc, 0.035)).toBe(35_000n)
    expect(market.valueUsd(usdc, 35_000n)).toBe(0.035)
    expect(market.amountForUsd(token(1, 'ETH'), 3)).toBe(10n ** 15n)
  })

  test('behavior: an unknown price symbol is an error, not NaN', () => {
    expect(() => createMarket().priceUsd('DOGE')).toThrow(RangeError)
  })
})
