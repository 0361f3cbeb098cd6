import { describe, expect, test } from 'vitest'
import { checkCooldown } from '../../../../src/engine/risk/checkCooldown.ts'
import { buildContext, buildIntent } from './buildRiskFixture.ts'

describe('checkCooldown', () => {
  test('default: accepts a route that never failed', () => {
    expect(checkCooldown(buildIntent(), buildContext())).toEqual({ kind: 'accept' })
  })

  test('behavior: postpones for the rest of the cooldown', () => {
    // nowMs 1 000 000, cooldown 300 000, failed 100 000 ms ago → 200 000 ms left
    const verdict = checkCooldown(buildIntent(), buildContext({ lastRouteFailureAtMs: 900_000 }))
    expect(verdict).toMatchObject({
      kind: 'postpone',
      reason: 'routeCoolingDown',
      delayMs: 200_000,
    })
  })

  test('behavior: boundary, accepts exactly when the cooldown ends', () => {
    expect(checkCooldown(buildIntent(), buildContext({ lastRouteFailureAtMs: 700_000 }))).toEqual({
      kind: 'accept',
    })
    expect(
      checkCooldown(buildIntent(), buildContext({ lastRouteFailureAtMs: 700_001 })),
    ).toMatchObject({ kind: 'postpone', delayMs: 1 })
  })

  test('behavior: a cooldown of 0 disables the check', () => {
    const context = buildContext({ lastRouteFailureAtMs: 999_999 }, { cooldownMsAfterFailure: 0 })
    expect(checkCooldown(buildIntent(), context)).toEqual({ kind: 'accept' })
  })
})
