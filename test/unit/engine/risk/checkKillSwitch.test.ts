import { describe, expect, test } from 'vitest'
import { checkKillSwitch } from '../../../../src/engine/risk/checkKillSwitch.ts'
import { buildContext, buildIntent } from './buildRiskFixture.ts'

describe('checkKillSwitch', () => {
  test('default: accepts while the switch is off', () => {
    expect(checkKillSwitch(buildIntent(), buildContext())).toEqual({ kind: 'accept' })
  })

  test('behavior: rejects every intent while it is on', () => {
    const verdict = checkKillSwitch(buildIntent(), buildContext({ killSwitchEngaged: true }))
    expect(verdict).toMatchObject({ kind: 'reject', reason: 'killSwitchEngaged' })
  })
})
