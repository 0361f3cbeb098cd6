import { describe, expect, test } from 'vitest'
import { evmAttempt, FROM, journalIntent } from './fixtures.ts'
import { tmpJournal } from './tmpJournal.ts'

describe('reconciliation data', () => {
  test('default: every non-terminal intent comes with its attempts, approvals and orders', () => {
    const { journal, clock } = tmpJournal()
    journalIntent(journal, 'done')
    journal.setIntentState('done', 'completed')
    clock.advanceMs(1)
    journalIntent(journal, 'signed-only')
    const signed = evmAttempt('signed-only', 4)
    journal.recordSignedAttempt(signed)
    journal.setIntentState('signed-only', 'signed')
    clock.advanceMs(1)
    journalIntent(journal, 'created')
    const approval = journal.recordApproval({
      intentId: 'created',
      chainId: 42161,
      owner: FROM,
      token: '0xtoken',
      spender: '0xforwarder',
      amount: 10n ** 24n,
      txHash: '0xapprove',
    })
    const created = evmAttempt('created', 5)
    journal.recordSignedAttempt(created)
    journal.recordOrder({
      orderId: created.orderId!,
      intentId: 'created',
      srcChainId: 42161,
      dstChainId: 8453,
    })
    journal.setOrderState(created.orderId!, 'Created', created.hash)

    expect(journal.nonTerminalIntents().map((i) => i.id)).toEqual(['signed-only', 'created'])
    const [first, second] = journal.pendingReconciliations()
    expect(first).toMatchObject({
      intent: { id: 'signed-only', state: 'signed' },
      attempts: [
        {
          hash: signed.hash,
          rawTx: signed.rawTx,
          nonce: 4,
          from: FROM.toLowerCase(),
          state: 'signed',
          orderId: signed.orderId,
        },
      ],
      approvals: [],
      orders: [],
    })
    expect(second?.approvals).toEqual([approval])
    expect(second?.orders).toMatchObject([{ state: 'Created', createTxHash: created.hash }])
    expect(journal.reconciliationOf('missing')).toBeUndefined()
  })

  test('behavior: Solana attempts keep the blockhash window; fences without intent are unsettled', () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'sol')
    journal.recordSignedAttempt({
      intentId: 'sol',
      chainId: 7565164,
      family: 'solana',
      kind: 'order',
      from: 'So1anaFeePayer1111111111111111111111111111',
      attempt: 0,
      rawTx: '0x01ff',
      hash: '5igSig',
      blockhash: 'Bh1',
      lastValidBlockHeight: 1_000,
    })
    journal.recordSignedAttempt({
      chainId: 42161,
      family: 'evm',
      kind: 'fence',
      from: FROM,
      nonce: 9,
      attempt: 0,
      rawTx: '0x02aa',
      hash: '0xfence',
    })
    expect(journal.reconciliationOf('sol')?.attempts[0]).toMatchObject({
      nonce: undefined,
      blockhash: 'Bh1',
      lastValidBlockHeight: 1_000,
      from: 'So1anaFeePayer1111111111111111111111111111',
    })
    expect(journal.unsettledAttempts().map((a) => [a.hash, a.intentId])).toEqual([
      ['5igSig', 'sol'],
      ['0xfence', undefined],
    ])
    journal.setAttemptState('0xfence', 'confirmed')
    expect(journal.unsettledAttempts()).toHaveLength(1)
    expect(journal.highestNonce(42161, FROM)).toBe(9)
    expect(journal.highestNonce(1, FROM)).toBeUndefined()
    expect(() =>
      journal.recordSignedAttempt({
        chainId: 7565164,
        family: 'solana',
        kind: 'order',
        from: 'x',
        attempt: 0,
        rawTx: '0x01',
        hash: 'noHeight',
      }),
    ).toThrow(/lastValidBlockHeight/)
  })
})
