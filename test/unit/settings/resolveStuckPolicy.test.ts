import { describe, expect, test } from 'vitest'
import { resolveStuckPolicy } from '../../../src/settings/resolveStuckPolicy.ts'
import { trackingSettingsSchema } from '../../../src/settings/trackingSettingsSchema.ts'

const key = { strategyId: 'arb', srcChainId: 42161, dstChainId: 8453 }
const tracking = (input: object) => trackingSettingsSchema.parse(input)

describe('resolveStuckPolicy', () => {
  test('default: alert, with 2 patches of 10 bps for a route that asks for patch', () => {
    expect(resolveStuckPolicy(tracking({}), key)).toEqual({
      onStuck: 'alert',
      maxPatches: 2,
      patchStepBps: 10,
    })
  })

  test('tracking.autoCancel alone still means cancel', () => {
    expect(resolveStuckPolicy(tracking({ autoCancel: true }), key).onStuck).toBe('cancel')
  })

  test('an onStuck that is set wins over autoCancel; a matching route entry wins over both', () => {
    const t = tracking({
      autoCancel: true,
      onStuck: 'alert',
      routes: [
        { srcChainId: 1, onStuck: 'cancel' },
        { strategy: 'arb', dstChainId: 8453, onStuck: 'patch', maxPatches: 1 },
      ],
    })
    expect(resolveStuckPolicy(t, key)).toEqual({
      onStuck: 'patch',
      maxPatches: 1,
      patchStepBps: 10,
    })
    expect(resolveStuckPolicy(t, { ...key, strategyId: 'other' }).onStuck).toBe('alert')
  })

  test('bad values are refused with their fix', () => {
    expect(() => tracking({ onStuck: 'reprice' })).toThrow(/alert, cancel or patch/)
    expect(() => tracking({ patchStepBps: 0 })).toThrow(/at least 1 bps/)
    expect(() => tracking({ maxPatches: 11 })).toThrow(/0\.\.10/)
  })
})
