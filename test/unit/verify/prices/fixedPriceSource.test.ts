import { describe, expect, test } from 'vitest'
import { createMarket } from '../../../../src/sim/market/createMarket.ts'
import { marketPriceEntries } from '../../../../src/sim/market/marketPriceEntries.ts'
import { fixedPriceSource } from '../../../../src/verify/prices/fixedPriceSource.ts'
import { valueUsdE18 } from '../../../../src/verify/prices/tokenUsdPrice.ts'

const usdc = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const peg = { usdE18: 10n ** 18n, decimals: 6, source: 'peg 1' }

describe('fixedPriceSource', () => {
  test('default: EVM addresses match in any case; an unknown token has no price', async () => {
    const snapshot = await fixedPriceSource([{ chainId: 42161, token: usdc, price: peg }]).snapshot(
      [],
    )
    expect(snapshot.get(42161, usdc.toUpperCase().replace('0X', '0x'))).toBe(peg)
    expect(snapshot.get(8453, usdc)).toBeUndefined()
    expect(snapshot.get(42161, '0x0000000000000000000000000000000000000000')).toBeUndefined()
  })

  test('behavior: market entries price native as the zero address, at the market spot price', async () => {
    const market = createMarket({ seed: 1 })
    const snapshot = await fixedPriceSource(marketPriceEntries(market, [42161])).snapshot([])
    const eth = snapshot.get(42161, '0x0000000000000000000000000000000000000000')!
    expect(eth.decimals).toBe(18)
    expect(Number(valueUsdE18(eth, 10n ** 18n) / 10n ** 12n) / 1e6).toBeCloseTo(
      market.priceUsd('ETH'),
      4,
    )
    expect(valueUsdE18(snapshot.get(42161, usdc)!, 1_000_000n)).toBe(10n ** 18n)
  })
})
