import { describe, expect, test } from 'vitest'
import { checkDailyNotional } from '../../../../src/engine/risk/checkDailyNotional.ts'
import { buildContext, buildIntent, buildLimits } from './buildRiskFixture.ts'

describe('checkDailyNotional', () => {
  test('default: accepts while the day has room', () => {
    expect(checkDailyNotional(buildIntent(), buildContext())).toEqual({ kind: 'accept' })
  })

  test('behavior: boundary, reaching the global cap exactly passes, passing it is rejected', () => {
    expect(checkDailyNotional(buildIntent(), buildContext({ notionalUsdToday: 9_900 })).kind).toBe(
      'accept',
    )
    expect(
      checkDailyNotional(buildIntent(), buildContext({ notionalUsdToday: 9_900.01 })),
    ).toMatchObject({ kind: 'reject', reason: 'dailyNotionalExceeded' })
  })

  test('behavior: the route limit stops the route while the global one has room', () => {
    const context = buildContext({
      routeNotionalUsdToday: 450,
      notionalUsdToday: 450,
      limits: buildLimits({ maxNotionalUsdPerDay: 500 }),
    })
    const verdict = checkDailyNotional(buildIntent(), context)
    expect(verdict).toMatchObject({ kind: 'reject', reason: 'dailyNotionalExceeded' })
    if (verdict.kind === 'reject') expect(verdict.detail).toContain('route')
  })
})
