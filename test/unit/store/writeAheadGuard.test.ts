import { describe, expect, test } from 'vitest'
import { createEvmSendJournal } from '../../../src/store/contract/createEvmSendJournal.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { evmAttempt, FROM, journalIntent } from './fixtures.ts'
import { tmpJournal } from './tmpJournal.ts'

describe('the pre-sign guard runs inside the write-ahead transaction', () => {
  test('behavior: a guard that throws leaves no attempt, and one that passes sees the journal as of the insert', () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'i1')
    expect(() =>
      journal.recordSignedAttempt({
        ...evmAttempt('i1', 0),
        guard: () => {
          throw new Error('daily cap reached')
        },
      }),
    ).toThrow('daily cap reached')
    expect(journal.attemptsOf('i1')).toEqual([])
    let seen = -1
    journal.recordSignedAttempt({
      ...evmAttempt('i1', 0),
      guard: () => {
        seen = journal.attemptsOf('i1').length
      },
    })
    expect(seen).toBe(0)
    expect(journal.attemptsOf('i1')).toHaveLength(1)
  })

  test('behavior: the EVM send journal guards only a first signature, never a fee bump of bytes already out', async () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'i1')
    const guarded: number[] = []
    const send = createEvmSendJournal(toJournalStore(journal), {
      guardOf: () => () => {
        guarded.push(1)
        throw new Error('cap reached')
      },
    })
    const first = evmAttempt('i1', 0, 0)
    const record = {
      chainId: first.chainId,
      from: FROM as `0x${string}`,
      nonce: 0,
      hash: first.hash as `0x${string}`,
      rawTx: first.rawTx as `0x${string}`,
      kind: 'order' as const,
      attempt: 0,
      hashesOfNonce: [],
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
      intentId: 'i1',
    }
    await expect(send.beforeBroadcast(record)).rejects.toThrow('cap reached')
    const bump = evmAttempt('i1', 0, 1)
    await send.beforeBroadcast({
      ...record,
      attempt: 1,
      hash: bump.hash as `0x${string}`,
      rawTx: bump.rawTx as `0x${string}`,
    })
    expect(guarded).toHaveLength(1)
    expect(journal.attemptsOf('i1').map((a) => a.attempt)).toEqual([1])
  })

  test('behavior: through the store over SQLite, a synchronous guard still runs inside the insert’s transaction', async () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'i1')
    const store = toJournalStore(journal)
    // A write the guard makes before it refuses is rolled back with the insert: it ran inside.
    await expect(
      store.recordSignedAttempt({
        ...evmAttempt('i1', 0),
        guard: () => {
          journal.recordObservation('guard', { inside: true })
          throw new Error('daily cap reached')
        },
      }),
    ).rejects.toThrow('daily cap reached')
    expect(journal.attemptsOf('i1')).toEqual([])
    expect(journal.observations('guard')).toEqual([])
    let seen = -1
    await store.recordSignedAttempt({
      ...evmAttempt('i1', 0),
      guard: () => {
        seen = journal.attemptsOf('i1').length
      },
    })
    expect(seen).toBe(0)
    expect(journal.attemptsOf('i1')).toHaveLength(1)
  })

  test('behavior: through the store over SQLite, an async guard is awaited once before the insert; its rejection inserts nothing', async () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'i1')
    const store = toJournalStore(journal)
    let calls = 0
    await expect(
      store.recordSignedAttempt({
        ...evmAttempt('i1', 0),
        guard: async () => {
          calls++
          await Promise.resolve()
          throw new Error('cap reached')
        },
      }),
    ).rejects.toThrow('cap reached')
    expect(calls).toBe(1)
    expect(journal.attemptsOf('i1')).toEqual([])
    const order: string[] = []
    const record = await store.recordSignedAttempt({
      ...evmAttempt('i1', 0),
      guard: async () => {
        await Promise.resolve()
        order.push(`guard saw ${(await store.attemptsOf('i1')).length}`)
      },
    })
    order.push('inserted')
    expect(order).toEqual(['guard saw 0', 'inserted'])
    expect(record.state).toBe('signed')
    expect(journal.attemptsOf('i1')).toHaveLength(1)
  })
})
