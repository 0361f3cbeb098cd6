import { expect, test } from 'vitest'
import { JournalError } from '../../../../src/store/contract/JournalError.ts'
import type { ContractBackend } from './contractBackends.ts'
import { evmAttempt, FROM, HUGE, journalIntent, solanaAttempt } from './contractFixtures.ts'

/** Writes, state rules and idempotency: what every backend must do alike. */
export function writeCases(backend: ContractBackend): void {
  test('default: an attempt moves signed → broadcast → confirmed and never back', async () => {
    const { store, clock, record } = await backend.open()
    await journalIntent(store, 'i1')
    const params = evmAttempt('i1', 7)
    const first = await record(params)
    expect(first).toMatchObject({ state: 'signed', nonce: 7, from: FROM.toLowerCase() })
    expect(first.createdMs).toBe(clock.nowMs())
    clock.advanceMs(1_000)
    expect(await store.setAttemptState(params.hash, 'broadcast')).toEqual({
      changed: true,
      state: 'broadcast',
    })
    expect(await store.setAttemptState(params.hash, 'confirmed', { includedAt: 123 })).toEqual({
      changed: true,
      state: 'confirmed',
    })
    for (const late of ['signed', 'broadcast', 'replaced', 'dropped', 'failed'] as const) {
      expect(await store.setAttemptState(params.hash, late)).toEqual({
        changed: false,
        state: 'confirmed',
      })
    }
    expect(await store.getAttempt(params.hash)).toMatchObject({
      state: 'confirmed',
      includedAt: 123,
      updatedMs: clock.nowMs(),
    })
    await expect(store.setAttemptState('0xnope', 'broadcast')).rejects.toThrow(JournalError)
  })

  test('behavior: recording the same signed attempt twice is a no-op; other bytes are a fault', async () => {
    const { store, record } = await backend.open()
    await journalIntent(store, 'i1')
    const params = evmAttempt('i1', 1)
    const first = await record(params)
    expect(await record(params)).toEqual(first)
    expect(await store.attemptsOf('i1')).toHaveLength(1)
    await expect(record({ ...params, rawTx: '0x02f9' })).rejects.toThrow(JournalError)
  })

  test('behavior: a replacement marks earlier signatures of the nonce replaced, not final', async () => {
    const { store, record } = await backend.open()
    await journalIntent(store, 'i1')
    const first = evmAttempt('i1', 3, 0)
    await record(first)
    await store.setAttemptState(first.hash, 'broadcast')
    await record(evmAttempt('i1', 3, 1))
    const ofNonce = await store.attemptsOfNonce(
      42161,
      first.from.toUpperCase().replace('0X', '0x'),
      3,
    )
    expect(ofNonce.map((a) => [a.attempt, a.state])).toEqual([
      [0, 'replaced'],
      [1, 'signed'],
    ])
    expect(await store.openAttemptsOf(42161, FROM)).toMatchObject([{ attempt: 1 }])
    expect((await store.setAttemptState(first.hash, 'confirmed')).changed).toBe(true)
  })

  test('behavior: an attempt without what reconciliation needs, or refused by its guard, is not stored', async () => {
    const { store, record } = await backend.open()
    await journalIntent(store, 'i1')
    const { nonce: _nonce, ...noNonce } = evmAttempt('i1', 1)
    await expect(record(noNonce)).rejects.toThrow(/nonce/)
    await expect(record({ ...evmAttempt('i1', 1), rawTx: '0x2' })).rejects.toThrow(/hex/)
    await expect(
      record({ ...solanaAttempt('i1'), lastValidBlockHeight: undefined }),
    ).rejects.toThrow(/lastValidBlockHeight/)
    await expect(
      record({
        ...evmAttempt('i1', 0),
        guard: () => {
          throw new Error('daily cap reached')
        },
      }),
    ).rejects.toThrow('daily cap reached')
    expect(await store.attemptsOf('i1')).toEqual([])
    let guarded = 0
    await record({ ...evmAttempt('i1', 0), guard: () => void guarded++ })
    expect(guarded).toBe(1)
    expect(await store.attemptsOf('i1')).toHaveLength(1)
  })

  test('behavior: a Safe account attempt keeps its Safe, Safe tx hash and Safe nonce (a uint256) on every read', async () => {
    const { store, record } = await backend.open()
    await journalIntent(store, 'i1')
    const safeTx = {
      safe: '0x5afe00000000000000000000000000000000cafe',
      safeTxHash: `0x${'5a'.repeat(32)}`,
      safeNonce: HUGE,
    } as const
    const params = { ...evmAttempt('i1', 4), safeTx }
    expect((await record(params)).safeTx).toEqual(safeTx)
    await record(evmAttempt('i1', 5))
    expect((await store.getAttempt(params.hash))?.safeTx).toEqual(safeTx)
    expect((await store.attemptsOf('i1')).map((a) => a.safeTx)).toEqual([safeTx, undefined])
    expect((await store.openAttemptsOf(42161, FROM)).map((a) => a.safeTx)).toEqual([
      safeTx,
      undefined,
    ])
    const [pending] = await store.pendingReconciliations()
    expect(pending?.attempts.map((a) => a.safeTx)).toEqual([safeTx, undefined])
  })

  test('behavior: a broadcast error is kept even when the state does not move', async () => {
    const { store, record } = await backend.open()
    await journalIntent(store, 'i1')
    const params = evmAttempt('i1', 1)
    await record(params)
    await store.setAttemptState(params.hash, 'broadcast')
    await store.setAttemptState(params.hash, 'broadcast', { error: 'nonce too low' })
    expect(await store.getAttempt(params.hash)).toMatchObject({
      state: 'broadcast',
      error: 'nonce too low',
    })
  })

  test('behavior: intents move forward only, stay terminal, and are idempotent by id', async () => {
    const { store } = await backend.open()
    await journalIntent(store, 'i1')
    expect((await store.setIntentState('i1', 'broadcast')).changed).toBe(true)
    expect(await store.setIntentState('i1', 'approving')).toEqual({
      changed: false,
      state: 'broadcast',
    })
    expect((await store.setIntentState('i1', 'failed', 'reverted')).changed).toBe(true)
    expect(await store.setIntentState('i1', 'completed')).toEqual({
      changed: false,
      state: 'failed',
    })
    expect(await store.getIntent('i1')).toMatchObject({ state: 'failed', reason: 'reverted' })
    await expect(store.setIntentState('nope', 'failed')).rejects.toThrow(JournalError)
    await journalIntent(store, 'i1')
    expect((await store.getIntent('i1'))?.state).toBe('failed')
    await expect(journalIntent(store, 'i1', 'other-route')).rejects.toThrow(/other content/)
    expect(await store.getIntent('missing')).toBeUndefined()
  })

  test('behavior: orders follow the fill or the cancel path; fills and hook steps are kept', async () => {
    const { store } = await backend.open()
    await journalIntent(store, 'i1')
    const orderId = `0x${'AB'.repeat(32)}` as const
    const order = await store.recordOrder({
      orderId,
      intentId: 'i1',
      srcChainId: 42161,
      dstChainId: 8453,
    })
    expect(order).toMatchObject({ orderId: orderId.toLowerCase(), state: 'None' })
    expect(
      await store.recordOrder({ orderId, intentId: 'i1', srcChainId: 42161, dstChainId: 8453 }),
    ).toEqual(order)
    await expect(
      store.recordOrder({ orderId, intentId: 'other', srcChainId: 1, dstChainId: 2 }),
    ).rejects.toThrow(/another intent/)
    expect((await store.setOrderState(orderId, 'Created', '0xcreate')).changed).toBe(true)
    expect((await store.setOrderState(orderId, 'Failed')).changed).toBe(false)
    expect((await store.setOrderState(orderId, 'Fulfilled', '0xfill')).changed).toBe(true)
    expect(await store.setOrderState(orderId, 'OrderCancelled')).toEqual({
      changed: false,
      state: 'Fulfilled',
    })
    expect((await store.setOrderState(orderId, 'ClaimedUnlock')).changed).toBe(true)
    await store.recordOrderFill(orderId, HUGE)
    expect(await store.getOrder(orderId)).toMatchObject({
      state: 'ClaimedUnlock',
      createTxHash: '0xcreate',
      lastTxHash: '0xfill',
      filledAmount: HUGE,
    })
    await expect(store.recordOrderFill(`0x${'ef'.repeat(32)}`, 1n)).rejects.toThrow('no such order')
    await store.recordHookStep(orderId, 'deposit', 'Pending')
    await store.recordHookStep(orderId, 'deposit', 'Executed', '0xhook')
    await store.recordHookStep(orderId, 'deposit', 'Pending')
    await store.recordHookStep(orderId, 'Approve', 'Pending')
    expect(await store.hookStepsOf(orderId)).toMatchObject([
      { step: 'Approve', status: 'Pending', txHash: undefined },
      { step: 'deposit', status: 'Executed', txHash: '0xhook' },
    ])
  })

  test('behavior: approvals keep exact amounts, move forward only, and are idempotent by tx hash', async () => {
    const { store } = await backend.open()
    await journalIntent(store, 'i1')
    const params = {
      intentId: 'i1',
      chainId: 1,
      owner: FROM,
      token: '0xtoken',
      spender: '0xspender',
      amount: HUGE,
      txHash: '0xapprove',
    }
    const approval = await store.recordApproval(params)
    expect(approval).toMatchObject({ amount: HUGE, owner: FROM.toLowerCase(), state: 'signed' })
    expect(await store.recordApproval(params)).toEqual(approval)
    expect((await store.setApprovalState(approval.id, 'confirmed')).changed).toBe(true)
    expect((await store.setApprovalState(approval.id, 'broadcast')).changed).toBe(false)
    expect(await store.approvalsOf('i1')).toMatchObject([{ state: 'confirmed', amount: HUGE }])
    await expect(store.setApprovalState(approval.id + 99, 'confirmed')).rejects.toThrow(
      JournalError,
    )
  })

  test('behavior: JSON columns and amounts round-trip: bigints, nested values, look-alike strings', async () => {
    const { store, record } = await backend.open()
    const params = { amountIn: HUGE, nested: [1n, '2n', { $bigint: 'x', other: 1 }], n: 1.5 }
    await store.recordIntent({ id: 'i1', strategy: 's', route: 'r', params, notionalUsd: 0.1 })
    expect(await store.getIntent('i1')).toMatchObject({ params, notionalUsd: 0.1 })
    await record({ ...evmAttempt('i1', 0), maxFeePerGas: HUGE })
    expect((await store.attemptsOf('i1'))[0]?.maxFeePerGas).toBe(HUGE)
    const id = await store.recordQuote({
      intentId: 'i1',
      endpoint: 'create-tx',
      request: { srcChainTokenInAmount: 1_000_000n },
      response: { ok: true },
    })
    expect(await store.quotesOf('i1')).toEqual([
      {
        id,
        intentId: 'i1',
        endpoint: 'create-tx',
        request: { srcChainTokenInAmount: 1_000_000n },
        response: { ok: true },
        quotedMs: expect.any(Number),
      },
    ])
  })
}
