import { expect, test } from 'vitest'
import { JournalError } from '../../../../src/store/contract/JournalError.ts'
import type { JournalStore } from '../../../../src/store/contract/JournalStore.ts'
import type { ContractBackend } from './contractBackends.ts'
import { evmAttempt, journalIntent } from './contractFixtures.ts'

const ids = async (store: JournalStore) => (await store.history()).map((h) => h.intent.id).sort()

/** withinBatch: grouped writes, visible to others only once committed; the write-ahead first. */
export function batchCases(backend: ContractBackend): void {
  test('behavior: writes in a scope are read back in it but reach another connection only when it ends', async () => {
    const { store, connect } = await backend.open()
    const other = await connect()
    const result = await store.withinBatch(async () => {
      await journalIntent(store, 'i1')
      await store.setIntentState('i1', 'approving')
      await store.recordObservation('s', { kind: 'note' })
      expect(await store.getIntent('i1')).toMatchObject({ state: 'approving' })
      expect(await store.observations('s')).toHaveLength(1)
      expect(await other.getIntent('i1')).toBeUndefined()
      expect(await other.observations('s')).toEqual([])
      return 'done'
    })
    expect(result).toBe('done')
    expect(await other.getIntent('i1')).toMatchObject({ state: 'approving' })
    expect(await other.observations('s')).toHaveLength(1)
  })

  test('behavior: the write-ahead insert in a scope commits the group and itself before it returns', async () => {
    const { store, connect, record } = await backend.open()
    const other = await connect()
    await store.withinBatch(async () => {
      await journalIntent(store, 'i1')
      await store.recordQuote({ intentId: 'i1', endpoint: 'create-tx', request: {}, response: {} })
      const attempt = evmAttempt('i1', 0)
      await record(attempt)
      // What another process (a restart's reconciliation) reads before any broadcast.
      expect(await other.getIntent('i1')).toMatchObject({ state: 'journaled' })
      expect(await other.quotesOf('i1')).toHaveLength(1)
      expect(await other.getAttempt(attempt.hash)).toMatchObject({ state: 'signed' })
      await store.setAttemptState(attempt.hash, 'broadcast')
      await journalIntent(store, 'i2')
      expect((await other.getAttempt(attempt.hash))?.state).toBe('signed')
      expect(await other.getIntent('i2')).toBeUndefined()
    })
    expect((await other.getAttempt(evmAttempt('i1', 0).hash))?.state).toBe('broadcast')
    expect(await ids(other)).toEqual(['i1', 'i2'])
  })

  test('behavior: a write refused in a scope loses none of the group; work that throws still commits it', async () => {
    const { store, connect } = await backend.open()
    const other = await connect()
    const failing = store.withinBatch(async () => {
      await journalIntent(store, 'i1')
      await expect(store.setIntentState('missing', 'failed')).rejects.toThrow(JournalError)
      await expect(journalIntent(store, 'i1', 'other-route')).rejects.toThrow(/other content/)
      // A foreign key the database refuses: on PostgreSQL it would abort the whole transaction.
      await expect(
        store.recordOrder({
          orderId: `0x${'01'.repeat(32)}`,
          intentId: 'missing',
          srcChainId: 1,
          dstChainId: 2,
        }),
      ).rejects.toThrow()
      await journalIntent(store, 'i2')
      throw new Error('tick failed')
    })
    await expect(failing).rejects.toThrow('tick failed')
    expect(await ids(other)).toEqual(['i1', 'i2'])
  })

  test('behavior: nested scopes commit once, when the outermost ends; flush commits at once', async () => {
    const { store, connect } = await backend.open()
    const other = await connect()
    await store.withinBatch(async () => {
      await store.withinBatch(() => journalIntent(store, 'inner'))
      expect(await other.getIntent('inner')).toBeUndefined()
      await journalIntent(store, 'flushed')
      await store.flush()
      expect(await ids(other)).toEqual(['flushed', 'inner'])
      await journalIntent(store, 'last')
      expect(await other.getIntent('last')).toBeUndefined()
    })
    expect(await ids(other)).toEqual(['flushed', 'inner', 'last'])
    // Outside a scope each write commits alone.
    await journalIntent(store, 'alone')
    expect(await other.getIntent('alone')).toBeDefined()
  })
}
