import { describe, expect, test } from 'vitest'
import { quotesAhead } from '../../../../src/execute/evm/quotesAhead.ts'

describe('quotesAhead (create-tx sent with the chain reads, before they decide on an approval)', () => {
  test('default: an ERC-20 input under the exact policy waits for the reads', () => {
    expect(quotesAhead(false, undefined)).toBe(false)
    expect(quotesAhead(false, { kind: 'exact' })).toBe(false)
  })

  test('behavior: native input, or an allowance that stands across orders, quotes at once', () => {
    expect(quotesAhead(true, undefined)).toBe(true)
    expect(quotesAhead(false, { kind: 'capped', amount: 10n ** 12n })).toBe(true)
    expect(quotesAhead(false, { kind: 'unlimited' })).toBe(true)
  })
})
