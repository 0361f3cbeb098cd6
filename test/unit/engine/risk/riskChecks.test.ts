import { describe, expect, test } from 'vitest'
import { riskChecks, runRiskChecks } from '../../../../src/engine/risk/riskChecks.ts'
import { buildContext, buildIntent } from './buildRiskFixture.ts'

describe('runRiskChecks', () => {
  test('default: a sound intent is accepted by every check', () => {
    expect(runRiskChecks(buildIntent(), buildContext())).toEqual({
      kind: 'accept',
      check: undefined,
    })
    expect(riskChecks.map((c) => c.name)[0]).toBe('killSwitch')
  })

  test('behavior: the first failing check wins, the kill switch before everything', () => {
    const intent = buildIntent({ costBps: 500 }, { notionalUsd: 1e9 })
    expect(runRiskChecks(intent, buildContext({ killSwitchEngaged: true }))).toMatchObject({
      kind: 'reject',
      reason: 'killSwitchEngaged',
      check: 'killSwitch',
    })
    expect(runRiskChecks(intent, buildContext())).toMatchObject({
      reason: 'notionalPerOrderExceeded',
      check: 'maxNotionalPerOrder',
    })
    expect(runRiskChecks(buildIntent({ costBps: 500 }), buildContext())).toMatchObject({
      reason: 'costTooHigh',
      check: 'maxCostBps',
    })
  })

  test('behavior: a postpone is returned with its delay', () => {
    const verdict = runRiskChecks(buildIntent(), buildContext({ lastRouteFailureAtMs: 999_000 }))
    expect(verdict).toMatchObject({
      kind: 'postpone',
      reason: 'routeCoolingDown',
      delayMs: 299_000,
    })
  })
})
