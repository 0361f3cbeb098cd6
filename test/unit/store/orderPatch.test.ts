import { describe, expect, test } from 'vitest'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { journalIntent } from './fixtures.ts'
import { tmpJournal } from './tmpJournal.ts'

const ORDER = `0x${'cd'.repeat(32)}` as const

describe('order take patches', () => {
  test('default: each confirmed patch counts once, and the count survives a reopen', () => {
    const { journal, path } = tmpJournal()
    journalIntent(journal, 'i')
    journal.recordOrder({ orderId: ORDER, intentId: 'i', srcChainId: 42161, dstChainId: 8453 })
    expect(journal.getOrder(ORDER)).toMatchObject({ patches: 0, takeSubtrahend: undefined })
    expect(journal.recordOrderPatch(ORDER, 998_000n)).toBe(1)
    // A repeat of the same patch (a restart re-reading its receipt) is not a second patch.
    expect(journal.recordOrderPatch(ORDER, 998_000n)).toBe(1)
    expect(journal.recordOrderPatch(ORDER, 1_996_000n)).toBe(2)
    journal.close()
    const again = openJournal(path)
    try {
      expect(again.getOrder(ORDER)).toMatchObject({ patches: 2, takeSubtrahend: 1_996_000n })
    } finally {
      again.close()
    }
  })

  test('behavior: a patch of an order the journal does not know is an error', () => {
    const { journal } = tmpJournal()
    expect(() => journal.recordOrderPatch(ORDER, 1n)).toThrow('no such order')
  })
})
