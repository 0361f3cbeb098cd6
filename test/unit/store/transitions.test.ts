import { describe, expect, test } from 'vitest'
import { canAdvance } from '../../../src/store/contract/canAdvance.ts'
import { JournalError } from '../../../src/store/contract/JournalError.ts'
import { evmAttempt, journalIntent } from './fixtures.ts'
import { tmpJournal } from './tmpJournal.ts'

describe('state transitions', () => {
  test('default: an attempt moves signed → broadcast → confirmed and never back', () => {
    const { journal, clock } = tmpJournal()
    journalIntent(journal, 'i1')
    const params = evmAttempt('i1', 7)
    expect(journal.recordSignedAttempt(params).state).toBe('signed')
    clock.advanceMs(1_000)
    expect(journal.setAttemptState(params.hash, 'broadcast')).toEqual({
      changed: true,
      state: 'broadcast',
    })
    expect(journal.setAttemptState(params.hash, 'confirmed', { includedAt: 123 })).toEqual({
      changed: true,
      state: 'confirmed',
    })
    // A late report of an earlier state, a repeat, or a contradicting final state change nothing.
    for (const late of ['signed', 'broadcast', 'replaced', 'dropped', 'failed'] as const) {
      expect(journal.setAttemptState(params.hash, late)).toEqual({
        changed: false,
        state: 'confirmed',
      })
    }
    expect(journal.setAttemptState(params.hash, 'confirmed')).toEqual({
      changed: false,
      state: 'confirmed',
    })
    expect(journal.getAttempt(params.hash)).toMatchObject({ state: 'confirmed', includedAt: 123 })
  })

  test('behavior: recording the same signed attempt twice is a no-op; other bytes are a fault', () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'i1')
    const params = evmAttempt('i1', 1)
    const first = journal.recordSignedAttempt(params)
    expect(journal.recordSignedAttempt(params)).toEqual(first)
    expect(journal.attemptsOf('i1')).toHaveLength(1)
    expect(() => journal.recordSignedAttempt({ ...params, rawTx: '0x02f9' })).toThrow(JournalError)
  })

  test('behavior: a replacement marks earlier signatures of the nonce replaced, not final', () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'i1')
    const first = evmAttempt('i1', 3, 0)
    journal.recordSignedAttempt(first)
    journal.setAttemptState(first.hash, 'broadcast')
    journal.recordSignedAttempt(evmAttempt('i1', 3, 1))
    const ofNonce = journal.attemptsOfNonce(42161, first.from, 3)
    expect(ofNonce.map((a) => [a.attempt, a.state])).toEqual([
      [0, 'replaced'],
      [1, 'signed'],
    ])
    // P-2.10: the replaced one can still be the mined one.
    expect(journal.setAttemptState(first.hash, 'confirmed').changed).toBe(true)
  })

  test('behavior: an attempt without what reconciliation needs is refused before it is stored', () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'i1')
    const { nonce: _nonce, ...noNonce } = evmAttempt('i1', 1)
    expect(() => journal.recordSignedAttempt(noNonce)).toThrow(/nonce/)
    expect(() => journal.recordSignedAttempt({ ...evmAttempt('i1', 1), rawTx: '0x2' })).toThrow(
      /hex/,
    )
    expect(journal.attemptsOf('i1')).toEqual([])
  })

  test('behavior: a broadcast error is kept even when the state does not move', () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'i1')
    const params = evmAttempt('i1', 1)
    journal.recordSignedAttempt(params)
    journal.setAttemptState(params.hash, 'broadcast')
    journal.setAttemptState(params.hash, 'broadcast', { error: 'nonce too low' })
    expect(journal.getAttempt(params.hash)).toMatchObject({
      state: 'broadcast',
      error: 'nonce too low',
    })
  })

  test('behavior: intents move forward only and stay in their terminal state', () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'i1')
    expect(journal.setIntentState('i1', 'broadcast').changed).toBe(true)
    expect(journal.setIntentState('i1', 'approving')).toEqual({
      changed: false,
      state: 'broadcast',
    })
    expect(journal.setIntentState('i1', 'failed', 'reverted').changed).toBe(true)
    expect(journal.setIntentState('i1', 'completed')).toEqual({ changed: false, state: 'failed' })
    expect(journal.getIntent('i1')).toMatchObject({ state: 'failed', reason: 'reverted' })
    expect(() => journal.setIntentState('nope', 'failed')).toThrow(JournalError)
  })

  test('behavior: recordIntent is idempotent by id and refuses other content under one id', () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'i1')
    journal.setIntentState('i1', 'signed')
    journalIntent(journal, 'i1')
    expect(journal.getIntent('i1')?.state).toBe('signed')
    expect(() => journalIntent(journal, 'i1', 'other-route')).toThrow(/other content/)
  })

  test('behavior: orders follow the fill or the cancel path, never both', () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'i1')
    const orderId = `0x${'AB'.repeat(32)}` as const
    journal.recordOrder({ orderId, intentId: 'i1', srcChainId: 42161, dstChainId: 8453 })
    expect(journal.setOrderState(orderId, 'Created', '0xcreate').changed).toBe(true)
    expect(journal.setOrderState(orderId, 'Failed').changed).toBe(false)
    expect(journal.setOrderState(orderId, 'Fulfilled', '0xfill').changed).toBe(true)
    expect(journal.setOrderState(orderId, 'OrderCancelled')).toEqual({
      changed: false,
      state: 'Fulfilled',
    })
    expect(journal.setOrderState(orderId, 'Created').changed).toBe(false)
    expect(journal.setOrderState(orderId, 'ClaimedUnlock').changed).toBe(true)
    expect(journal.getOrder(orderId)).toMatchObject({
      orderId: orderId.toLowerCase(),
      state: 'ClaimedUnlock',
      createTxHash: '0xcreate',
      lastTxHash: '0xfill',
    })
    expect(canAdvance({ kind: 'order', from: 'None', to: 'Failed' })).toBe(true)
    expect(canAdvance({ kind: 'order', from: 'Created', to: 'OrderCancelled' })).toBe(true)
    expect(canAdvance({ kind: 'order', from: 'OrderCancelled', to: 'SentUnlock' })).toBe(false)
  })

  test('behavior: an Executed hook step stays Executed; approvals move forward only', () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'i1')
    const orderId = `0x${'cd'.repeat(32)}` as const
    journal.recordOrder({ orderId, intentId: 'i1', srcChainId: 1, dstChainId: 8453 })
    journal.recordHookStep(orderId, 'deposit', 'Pending')
    journal.recordHookStep(orderId, 'deposit', 'Executed', '0xhook')
    journal.recordHookStep(orderId, 'deposit', 'Pending')
    expect(journal.hookStepsOf(orderId)).toMatchObject([
      { step: 'deposit', status: 'Executed', txHash: '0xhook' },
    ])
    const approval = journal.recordApproval({
      intentId: 'i1',
      chainId: 1,
      owner: '0xAA',
      token: '0xtoken',
      spender: '0xspender',
      amount: 5n,
    })
    expect(journal.setApprovalState(approval.id, 'confirmed', '0xapprove').changed).toBe(true)
    expect(journal.setApprovalState(approval.id, 'broadcast').changed).toBe(false)
    expect(journal.approvalsOf('i1')[0]).toMatchObject({ state: 'confirmed', txHash: '0xapprove' })
  })
})
