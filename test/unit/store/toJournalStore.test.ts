import { describe, expect, test } from 'vitest'
import { JournalError } from '../../../src/store/contract/JournalError.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { evmAttempt, journalIntent } from './fixtures.ts'
import { tmpJournal } from './tmpJournal.ts'

describe('the SQLite journal as a JournalStore', () => {
  test('default: each method resolves with what the journal returns, after its commit', async () => {
    const { journal } = tmpJournal()
    const store = toJournalStore(journal)
    expect(store.backend).toBe('sqlite')
    await store.recordIntent({ id: 'i1', strategy: 's', route: 'r', params: {}, notionalUsd: 5 })
    expect(journal.getIntent('i1')?.state).toBe('journaled')
    expect(await store.getIntent('i1')).toEqual(journal.getIntent('i1'))
    await expect(store.setIntentState('missing', 'failed')).rejects.toThrow(JournalError)
  })

  test('behavior: a lease is refused on SQLite rather than silently ignored, and nothing is stored', async () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'i1')
    const store = toJournalStore(journal)
    await expect(
      store.recordSignedAttempt({ ...evmAttempt('i1', 0), lease: { holder: 'A', token: 1 } }),
    ).rejects.toThrow('the SQLite journal has no wallet leases')
    expect(journal.attemptsOf('i1')).toEqual([])
    await store.close()
    await store.close()
  })
})
