import { describe, expect, test } from 'vitest'
import { createTickRiskTotals } from '../../../src/engine/createTickRiskTotals.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { tmpJournal } from '../store/tmpJournal.ts'

describe('createTickRiskTotals', () => {
  test('behavior: reads the journal once per tick and counts the intents the tick sends', async () => {
    const { journal } = tmpJournal()
    let reads = 0
    const totals = createTickRiskTotals(async () => {
      reads++
      return {
        dayByRoute: [{ route: 'a', notionalUsd: 100 }],
        inFlight: [{ id: 'old', route: 'a', notionalUsd: 40 }],
      }
    }, toJournalStore(journal))
    expect(reads).toBe(0)
    expect(await totals.read()).toEqual({
      dayByRoute: [{ route: 'a', notionalUsd: 100 }],
      inFlight: [{ id: 'old', route: 'a', notionalUsd: 40 }],
    })
    journal.recordIntent({ id: 'new', strategy: 's', route: 'b', params: {}, notionalUsd: 25 })
    await totals.accepted({ id: 'new', route: 'b', notionalUsd: 25 })
    await totals.accepted({ id: 'more', route: 'a', notionalUsd: 5 })
    expect(await totals.read()).toEqual({
      dayByRoute: [
        { route: 'a', notionalUsd: 105 },
        { route: 'b', notionalUsd: 25 },
      ],
      inFlight: [
        { id: 'old', route: 'a', notionalUsd: 40 },
        { id: 'new', route: 'b', notionalUsd: 25 },
        { id: 'more', route: 'a', notionalUsd: 5 },
      ],
    })
    expect(reads).toBe(1)
  })

  test('behavior: an intent the runner ended leaves the in-flight total; one still open stays', async () => {
    const { journal } = tmpJournal()
    for (const id of ['done', 'open']) {
      journal.recordIntent({ id, strategy: 's', route: 'a', params: {}, notionalUsd: 10 })
    }
    const totals = createTickRiskTotals(
      async () => ({ dayByRoute: [], inFlight: [] }),
      toJournalStore(journal),
    )
    await totals.accepted({ id: 'done', route: 'a', notionalUsd: 10 })
    await totals.accepted({ id: 'open', route: 'a', notionalUsd: 10 })
    journal.setIntentState('done', 'failed', 'reverted')
    journal.setIntentState('open', 'created')
    await totals.ran('done')
    await totals.ran('open')
    // Ended or not, both count against the day: the cap counts every intent journaled.
    expect(await totals.read()).toEqual({
      dayByRoute: [{ route: 'a', notionalUsd: 20 }],
      inFlight: [{ id: 'open', route: 'a', notionalUsd: 10 }],
    })
  })
})
