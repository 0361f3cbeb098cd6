import { describe, expect, test } from 'vitest'
import { journalIntent } from './fixtures.ts'
import { tmpJournal } from './tmpJournal.ts'

const ORDER = `0x${'ab'.repeat(32)}` as const

describe('order fills', () => {
  test('default: an order has no filled amount until its fill is recorded, then keeps it', () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'i')
    journal.recordOrder({ orderId: ORDER, intentId: 'i', srcChainId: 42161, dstChainId: 8453 })
    expect(journal.getOrder(ORDER)?.filledAmount).toBeUndefined()
    journal.recordOrderFill(ORDER.toUpperCase().replace('0X', '0x'), 999_165_160n)
    expect(journal.getOrder(ORDER)?.filledAmount).toBe(999_165_160n)
    // Amounts beyond 2^53 survive as decimal text.
    journal.recordOrderFill(ORDER, 10n ** 30n)
    expect(journal.ordersOf('i')[0]?.filledAmount).toBe(10n ** 30n)
  })

  test('behavior: a fill of an order the journal does not know is an error, not a silent no-op', () => {
    const { journal } = tmpJournal()
    expect(() => journal.recordOrderFill(ORDER, 1n)).toThrow('no such order')
  })
})
