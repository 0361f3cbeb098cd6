import { describe, expect, test } from 'vitest'
import { checkMinOutputVsUsdValue } from '../../../../src/engine/risk/checkMinOutputVsUsdValue.ts'
import { buildContext, buildIntent } from './buildRiskFixture.ts'

describe('checkMinOutputVsUsdValue', () => {
  test('default: 99.5 USDC guaranteed for 100 USD passes a 98% floor', () => {
    expect(checkMinOutputVsUsdValue(buildIntent(), buildContext())).toEqual({ kind: 'accept' })
  })

  test('behavior: boundary on the guaranteed amount, not the expected one', () => {
    // expected 99.8 USDC worth 99.8 USD; guaranteed 98 USDC → 98 USD = 9800 bps of 100 USD
    const at = buildIntent({}, { minAmountOut: 98_000_000n })
    expect(checkMinOutputVsUsdValue(at, buildContext()).kind).toBe('accept')
    const under = buildIntent({}, { minAmountOut: 97_999_000n })
    expect(checkMinOutputVsUsdValue(under, buildContext())).toMatchObject({
      kind: 'reject',
      reason: 'outputBelowUsdValue',
    })
  })

  test('behavior: no USD value of the input is missingPrice', () => {
    expect(checkMinOutputVsUsdValue(buildIntent({ amountInUsd: 0 }), buildContext())).toMatchObject(
      { kind: 'reject', reason: 'missingPrice' },
    )
  })
})
