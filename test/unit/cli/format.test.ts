import { describe, expect, test } from 'vitest'
import { orderTxResponseSchema } from '../../../src/api/schemas/orderQuote.ts'
import { swapQuoteSchema } from '../../../src/api/schemas/swapQuote.ts'
import { formatOrderQuote } from '../../../src/cli/format/formatOrderQuote.ts'
import { edgeOverAggregatorBps, formatSwapQuote } from '../../../src/cli/format/formatSwapQuote.ts'
import { swapQuoteExample } from '../../fixtures/api/responses.ts'
import { createTxJsonExample } from '../../fixtures/conformance/createTxJsonExample.ts'

describe('formatOrderQuote', () => {
  test('default: amounts with decimals and symbols, costs, fees, points, and the built tx', () => {
    const text = formatOrderQuote({
      kind: 'tx',
      quote: orderTxResponseSchema.parse(createTxJsonExample),
    })
    expect(text).toContain('Arbitrum (42161) → Polygon (137)')
    expect(text).toContain('1000.097362178910640486 ARB ($337.49)')
    expect(text).toContain('includes operating expenses 0.097362178910640486 ARB')
    expect(text).toContain('1414.379129275580318365 MATIC')
    expect(text).toContain('fixed fee    0.001 ETH')
    expect(text).toMatch(/DlnProtocolFee\s+Arbitrum \(42161\)\s+336\.77891 USDC/)
    expect(text).toContain('recommended 0.9%')
    expect(text).toContain('user 198.47, integrator 49.62')
    expect(text).toContain(
      'orderId  0x19499ede9b21fa5cc0ce5f74a155482576ff7d85b51863fb5231dbf648300b6a',
    )
  })

  test('behavior: a quote-only answer says no transaction was built and how to get one', () => {
    const { tx: _tx, orderId: _id, ...quote } = orderTxResponseSchema.parse(createTxJsonExample)
    const text = formatOrderQuote({ kind: 'quote', quote })
    expect(text).toContain('Quote only: no transaction built')
    expect(text).not.toContain('orderId')
  })
})

describe('formatSwapQuote', () => {
  test('default: the aggregator table carries the edge in bps', () => {
    const text = formatSwapQuote(swapQuoteSchema.parse(swapQuoteExample))
    expect(text).toMatch(/1inch\s+0\.399 ETH\s+\$997\.50\s+0\.25\s+25/)
    expect(text).toMatch(/0x\s+0\.401 ETH\s+\$1,002\.50\s+0\s+-24/)
    expect(text).toContain('edge over the best aggregator: -24 bps')
  })

  test('behavior: edge is positive when the service gives more', () => {
    expect(edgeOverAggregatorBps(10_100n, 10_000n)).toBe(100n)
    expect(edgeOverAggregatorBps(9_900n, 10_000n)).toBe(-100n)
  })
})
