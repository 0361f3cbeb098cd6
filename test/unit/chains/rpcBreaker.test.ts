import { describe, expect, test } from 'vitest'
import {
  type BreakerState,
  breakerAfter,
  breakerAllows,
  CLOSED,
} from '../../../src/chains/evm/rpcBreaker.ts'

const POLICY = { failureThreshold: 3, cooldownMs: 1_000 }

describe('the circuit breaker of one RPC URL', () => {
  test('default: closed, it lets requests through and a success keeps it closed', () => {
    expect(breakerAllows(CLOSED, 0)).toEqual({ allow: true, next: CLOSED })
    expect(breakerAfter({ kind: 'closed', failures: 2 }, true, 0, POLICY)).toEqual(CLOSED)
  })

  test('behavior: three failures in a row open it; it refuses until the cooldown ends', () => {
    let state: BreakerState = CLOSED
    for (let i = 0; i < 3; i++) state = breakerAfter(state, false, 100, POLICY)
    expect(state).toEqual({ kind: 'open', untilMs: 1_100 })
    expect(breakerAllows(state, 1_099).allow).toBe(false)
  })

  test('behavior: after the cooldown one probe goes (half-open); its result closes or reopens it', () => {
    const open: BreakerState = { kind: 'open', untilMs: 1_000 }
    const probe = breakerAllows(open, 1_000)
    expect(probe).toEqual({ allow: true, next: { kind: 'halfOpen', probing: true } })
    // While the probe is out, nobody else goes.
    expect(breakerAllows(probe.next, 1_001).allow).toBe(false)
    expect(breakerAfter(probe.next, true, 1_050, POLICY)).toEqual(CLOSED)
    expect(breakerAfter(probe.next, false, 1_050, POLICY)).toEqual({
      kind: 'open',
      untilMs: 2_050,
    })
  })
})
