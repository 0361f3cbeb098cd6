import { describe, expect, test } from 'vitest'
import { planNonce } from '../../../src/chains/evm/planNonce.ts'

describe('planNonce (the nonce manager, docs/safety.md P-2.8)', () => {
  test('default: a quiet wallet takes the pending count, with no gap', () => {
    expect(planNonce({ latestCount: 5, pendingCount: 5, openNonces: [] })).toEqual({ next: 5 })
    expect(planNonce({ latestCount: 5, pendingCount: 7, counter: 7, openNonces: [5, 6] })).toEqual({
      next: 7,
    })
  })

  test('behavior: a counter past what the node holds means a dropped nonce: fill the lowest first', () => {
    expect(planNonce({ latestCount: 5, pendingCount: 6, counter: 7, openNonces: [] })).toEqual({
      next: 7,
      gap: 6,
    })
  })

  test('behavior: after a restart the journal shows the nonce it signed and the node lost', () => {
    expect(planNonce({ latestCount: 5, pendingCount: 5, openNonces: [5] })).toEqual({
      next: 6,
      gap: 5,
    })
    // Queued behind a gap: 6 and 7 are journaled, the node lost 5 and queued the rest.
    expect(planNonce({ latestCount: 5, pendingCount: 5, openNonces: [6, 7] })).toEqual({
      next: 8,
      gap: 5,
    })
  })

  test('behavior: journaled nonces already mined are spent; a foreign send moves the count on', () => {
    expect(planNonce({ latestCount: 9, pendingCount: 9, counter: 6, openNonces: [4, 5] })).toEqual({
      next: 9,
    })
  })
})
