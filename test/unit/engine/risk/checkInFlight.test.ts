import { describe, expect, test } from 'vitest'
import { checkInFlight, IN_FLIGHT_RETRY_MS } from '../../../../src/engine/risk/checkInFlight.ts'
import { buildContext, buildIntent, buildLimits } from './buildRiskFixture.ts'

describe('checkInFlight', () => {
  test('default: accepts with nothing in flight', () => {
    expect(checkInFlight(buildIntent(), buildContext())).toEqual({ kind: 'accept' })
  })

  test('behavior: boundary, filling the budget exactly passes, over it postpones', () => {
    expect(checkInFlight(buildIntent(), buildContext({ inFlightUsd: 4_900 })).kind).toBe('accept')
    expect(checkInFlight(buildIntent(), buildContext({ inFlightUsd: 4_900.5 }))).toMatchObject({
      kind: 'postpone',
      reason: 'inFlightBudgetFull',
      delayMs: IN_FLIGHT_RETRY_MS,
    })
  })

  test('behavior: the route limit postpones while the global budget has room', () => {
    const context = buildContext({
      inFlightUsd: 250,
      routeInFlightUsd: 250,
      limits: buildLimits({ maxInFlightUsd: 300 }),
    })
    expect(checkInFlight(buildIntent(), context)).toMatchObject({
      kind: 'postpone',
      reason: 'inFlightBudgetFull',
    })
  })
})
