import { describe, expect, test } from 'vitest'
import { decideAlerts, initialAlertState } from '../../../src/observe/decideAlerts.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import {
  CANARY,
  INTENT,
  intentEvent,
  LABELS,
  ORDER,
  rules,
  run,
  terminal,
} from './decideAlertsHarness.ts'

describe('decideAlerts', () => {
  test('default: a stuck order alerts with its labels and the order and intent ids in the text', () => {
    const { alerts } = run([
      intentEvent(),
      { type: 'stuck', intentId: INTENT, orderId: ORDER, waitingFor: 'fill', ageMs: 600_500 },
    ])
    expect(alerts).toEqual([
      {
        kind: 'orderStuck',
        severity: 'warning',
        title: 'Order stuck: not filled after 10 min',
        text: [
          `order ${ORDER}`,
          `intent ${INTENT}`,
          `tracking.deadlineMs passed without a fill; tracking.autoCancel cancels it, or run ferry cancel ${ORDER}`,
        ],
        labels: LABELS,
        atMs: 1_001_000,
      },
    ])
  })

  test('behavior: a Failed hook step alerts once, not again for the terminal event that follows', () => {
    const { alerts } = run([
      intentEvent(),
      {
        type: 'hook',
        intentId: INTENT,
        orderId: ORDER,
        steps: [
          { stepNumber: 1, status: 'Failed' },
          { stepNumber: 2, status: 'Pending' },
        ],
      },
      {
        type: 'terminal',
        intentId: INTENT,
        orderId: ORDER,
        state: 'failed',
        detail: 'hook failed',
      },
    ])
    expect(alerts).toHaveLength(1)
    expect(alerts[0]).toMatchObject({ kind: 'hookFailed', severity: 'critical', labels: LABELS })
    expect(alerts[0]!.text).toContain('steps: 1 Failed, 2 Pending')
    expect(alerts[0]!.text).toContain(`order ${ORDER}`)
  })

  test('behavior: a hook of Executed steps is no alert; a terminal "hook failed" alone is one', () => {
    const executed = run([
      intentEvent(),
      {
        type: 'hook',
        intentId: INTENT,
        orderId: ORDER,
        steps: [{ stepNumber: 1, status: 'Executed' }],
      },
    ])
    expect(executed.alerts).toEqual([])
    const alone = run([
      {
        type: 'terminal',
        intentId: INTENT,
        orderId: ORDER,
        state: 'failed',
        detail: 'hook failed',
      },
    ])
    expect(alone.alerts.map((a) => [a.kind, a.labels])).toEqual([['hookFailed', {}]])
  })

  test('behavior: a refused transaction is a security alert naming the intent and the refusal', () => {
    const { alerts } = run([
      intentEvent(),
      terminal('refused', 'refusing to sign: order.receiverDst does not match the intent'),
    ])
    expect(alerts).toHaveLength(1)
    expect(alerts[0]).toMatchObject({
      kind: 'verificationRefused',
      severity: 'security',
      title: 'Verification refused a transaction',
      labels: LABELS,
    })
    expect(alerts[0]!.text).toEqual(
      expect.arrayContaining([
        `intent ${INTENT}`,
        'refusing to sign: order.receiverDst does not match the intent',
      ]),
    )
  })

  test('behavior: secrets in event details never reach an alert', () => {
    const { alerts } = run([
      intentEvent(),
      terminal(
        'refused',
        `node said https://rpc.example.org/?apikey=${CANARY}&x=1 and key ${CANARY}`,
      ),
    ])
    const text = JSON.stringify(alerts)
    expect(text).not.toContain(CANARY)
    expect(text).toContain('[redacted]')
  })

  test('behavior: events that need no person produce no alert and keep the state', () => {
    const state = initialAlertState
    for (const event of [
      { type: 'tick', tick: 1, strategies: [], atMs: 0 },
      { type: 'sent', intentId: INTENT, chainId: 42161, hash: '0x1' },
      { type: 'created', intentId: INTENT, orderId: ORDER, chainId: 42161 },
    ] as EngineEvent[]) {
      const decided = decideAlerts(event, state, rules, 0)
      expect(decided.alerts).toEqual([])
      expect(decided.state).toBe(state)
    }
  })
})
