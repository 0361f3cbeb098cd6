import { describe, expect, test } from 'vitest'
import { checkMaxNotionalPerOrder } from '../../../../src/engine/risk/checkMaxNotionalPerOrder.ts'
import { buildContext, buildIntent } from './buildRiskFixture.ts'

describe('checkMaxNotionalPerOrder', () => {
  test('default: accepts an order under the cap', () => {
    expect(checkMaxNotionalPerOrder(buildIntent(), buildContext())).toEqual({ kind: 'accept' })
  })

  test('behavior: boundary, equal to the cap passes and a cent above is rejected', () => {
    const context = buildContext({}, { maxNotionalUsdPerOrder: 100 })
    expect(checkMaxNotionalPerOrder(buildIntent({}, { notionalUsd: 100 }), context).kind).toBe(
      'accept',
    )
    expect(
      checkMaxNotionalPerOrder(buildIntent({}, { notionalUsd: 100.01 }), context),
    ).toMatchObject({ kind: 'reject', reason: 'notionalPerOrderExceeded' })
  })

  test('behavior: an unknown notional is rejected as missingPrice', () => {
    const verdict = checkMaxNotionalPerOrder(
      buildIntent({}, { notionalUsd: Number.NaN }),
      buildContext(),
    )
    expect(verdict).toMatchObject({ kind: 'reject', reason: 'missingPrice' })
  })
})
