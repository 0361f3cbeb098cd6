import { describe, expect, test } from 'vitest'
import { checkMaxPriceImpact } from '../../../../src/engine/risk/checkMaxPriceImpact.ts'
import { buildContext, buildIntent } from './buildRiskFixture.ts'

describe('checkMaxPriceImpact', () => {
  test('default: accepts a 5 bps impact', () => {
    expect(checkMaxPriceImpact(buildIntent(), buildContext())).toEqual({ kind: 'accept' })
  })

  test('behavior: boundary, 100 bps passes, 101 is rejected', () => {
    expect(checkMaxPriceImpact(buildIntent({ priceImpactBps: 100 }), buildContext()).kind).toBe(
      'accept',
    )
    expect(checkMaxPriceImpact(buildIntent({ priceImpactBps: 101 }), buildContext())).toMatchObject(
      { kind: 'reject', reason: 'priceImpactTooHigh' },
    )
  })

  test('behavior: a quote without an impact figure passes', () => {
    expect(
      checkMaxPriceImpact(buildIntent({ priceImpactBps: undefined }), buildContext()).kind,
    ).toBe('accept')
  })
})
