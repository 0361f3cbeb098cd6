import { describe, expect, test } from 'vitest'
import { initialAlertState } from '../../../src/observe/decideAlerts.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import { rememberIntent, UNKNOWN_INTENT } from '../../../src/observe/rememberIntent.ts'
import { run } from './decideAlertsHarness.ts'

describe('rememberIntent', () => {
  test('behavior: the memory is bounded: the oldest intents are forgotten first', () => {
    let intents = initialAlertState.intents
    for (let i = 0; i < 5; i++) intents = rememberIntent(intents, `i${i}`, UNKNOWN_INTENT, 3)
    expect([...intents.keys()]).toEqual(['i2', 'i3', 'i4'])
  })

  test('behavior: RPCs that disagree on a money-deciding read raise a security alert naming the chain and hosts, at its own rate', () => {
    const disagreement: EngineEvent = {
      type: 'rpcDisagreement',
      chainId: 42161,
      method: 'eth_getBalance',
      detail: ['a.example: "0x1"', 'b.example: "0x1"', 'liar.example: "0x9"'],
    }
    const { alerts } = run([disagreement, disagreement], { stepMs: 1_000 })
    const rpc = alerts.filter((a) => a.kind === 'rpcDisagreement')
    expect(rpc).toHaveLength(1)
    expect(rpc[0]).toMatchObject({
      severity: 'security',
      title: 'RPCs of chain 42161 disagree',
      labels: { chain: '42161' },
    })
    expect(rpc[0]!.text).toContain('liar.example: "0x9"')
    expect(rpc[0]!.text[0]).toContain('eth_getBalance: the read was refused')
  })
})
