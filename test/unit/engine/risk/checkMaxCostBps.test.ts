import { describe, expect, test } from 'vitest'
import { checkMaxCostBps } from '../../../../src/engine/risk/checkMaxCostBps.ts'
import { buildContext, buildIntent } from './buildRiskFixture.ts'

describe('checkMaxCostBps', () => {
  test('default: accepts a 20 bps quote under a 50 bps limit', () => {
    expect(checkMaxCostBps(buildIntent(), buildContext())).toEqual({ kind: 'accept' })
  })

  test('behavior: boundary, 50 bps passes, 50.1 bps is rejected', () => {
    expect(checkMaxCostBps(buildIntent({ costBps: 50 }), buildContext()).kind).toBe('accept')
    expect(checkMaxCostBps(buildIntent({ costBps: 50.1 }), buildContext())).toMatchObject({
      kind: 'reject',
      reason: 'costTooHigh',
    })
  })

  test('behavior: a cost that could not be computed is rejected', () => {
    expect(checkMaxCostBps(buildIntent({ costBps: Number.NaN }), buildContext())).toMatchObject({
      kind: 'reject',
      reason: 'missingPrice',
    })
  })
})
