import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { ALERT_KINDS, type AlertRules } from '../../../src/observe/alertTypes.ts'
import { decideAlerts, initialAlertState } from '../../../src/observe/decideAlerts.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import { isQuietEvent, QUIET_EVENT_TYPES } from '../../../src/observe/isQuietEvent.ts'

const rules: AlertRules = {
  minIntervalMs: Object.fromEntries(
    ALERT_KINDS.map((k) => [k, 60_000]),
  ) as AlertRules['minIntervalMs'],
  consecutiveFailures: 3,
  gasReserve: {},
  knownSecrets: [],
}
const stuck: EngineEvent = {
  type: 'stuck',
  intentId: 'i1',
  orderId: `0x${'ab'.repeat(32)}`,
  waitingFor: 'fill',
  ageMs: 600_000,
}
const sent: EngineEvent = { type: 'sent', intentId: 'i1', chainId: 42161, hash: '0x1' }

describe('isQuietEvent: the events the alerter skips', () => {
  test('behavior: no type decideAlerts handles is skipped as quiet', () => {
    const source = readFileSync(
      new URL('../../../src/observe/decideAlerts.ts', import.meta.url),
      'utf8',
    )
    const handled = [...source.matchAll(/case '(\w+)':/g)].map((m) => m[1]!)
    expect(handled.length).toBeGreaterThan(5)
    expect(handled.filter((type) => QUIET_EVENT_TYPES.has(type as EngineEvent['type']))).toEqual([])
  })

  test('behavior: an accepted decision and a hook without a Failed step are quiet; a rejection and a failed hook are not', () => {
    const rateLimit = initialAlertState.rateLimit
    const decision = { type: 'decision', strategy: 's', intentId: 'i1', check: 'risk' } as const
    expect(isQuietEvent({ ...decision, verdict: 'accept' } as EngineEvent, rateLimit)).toBe(true)
    expect(
      isQuietEvent(
        { ...decision, verdict: 'reject', reason: 'costTooHigh' } as EngineEvent,
        rateLimit,
      ),
    ).toBe(false)
    const hook = (status: string): EngineEvent =>
      ({
        type: 'hook',
        intentId: 'i1',
        orderId: '0x1',
        steps: [{ stepNumber: 0, status }],
      }) as EngineEvent
    expect(isQuietEvent(hook('Executed'), rateLimit)).toBe(true)
    expect(isQuietEvent(hook('Failed'), rateLimit)).toBe(false)
  })

  test('behavior: while an alert is held back, no event is quiet: the next one brings its summary when due', () => {
    const first = decideAlerts(stuck, initialAlertState, rules, 1_000_000)
    const held = decideAlerts(stuck, first.state, rules, 1_001_000)
    expect(isQuietEvent(sent, held.state.rateLimit)).toBe(false)
    const due = decideAlerts(sent, held.state, rules, 1_061_000)
    expect(due.alerts.map((a) => a.title)).toEqual(['1 more order stuck alert'])
  })
})
