import { describe, expect, test } from 'vitest'
import { orderTxResponseSchema } from '../../../../src/api/schemas/orderQuote.ts'
import { orderCostsUsd } from '../../../../src/execute/market/orderCostsUsd.ts'
import { createTxJsonExample } from '../../../fixtures/conformance/createTxJsonExample.ts'

const estimation = orderTxResponseSchema.parse(createTxJsonExample).estimation

describe('orderCostsUsd', () => {
  test('default: the real create-tx answer (docs/dln.md §1.3) splits into its kinds at its own prices', () => {
    const costs = orderCostsUsd(estimation, 0.3, 0.05)
    expect(costs.fixFee).toBe(0.3)
    expect(costs.txFee).toBe(0.05)
    // DlnProtocolFee: 336 778 910 → 336 644 199 USDC units, 1 USDC unit = 1e-6 USD here.
    expect(costs.protocolFee).toBeCloseTo(0.134711, 5)
    expect(costs.takerMargin).toBeCloseTo(0.134657, 5)
    expect(costs.operatingExpenses).toBeCloseTo(0.032862, 5)
    // Every item is valued, the pre- and after-swap legs included.
    expect(Object.keys(costs).sort()).toEqual(
      [
        'fixFee',
        'operatingExpenses',
        'protocolFee',
        'slippage',
        'swap',
        'takerMargin',
        'txFee',
      ].sort(),
    )
  })

  test('behavior: the kinds add up to the USD lost between input and recommended output', () => {
    const costs = orderCostsUsd(estimation, 0, 0)
    const total = Object.values(costs).reduce((a, b) => a + b, 0)
    const lost =
      estimation.srcChainTokenIn.approximateUsdValue -
      estimation.dstChainTokenOut.recommendedApproximateUsdValue
    expect(total).toBeCloseTo(lost, 6)
  })

  test('behavior: an item in a token the quote does not price is left out, and an unknown type counts as other', () => {
    const costs = orderCostsUsd(
      {
        ...estimation,
        costsDetails: [
          { ...estimation.costsDetails[2]!, type: 'NewFeeKind' },
          { ...estimation.costsDetails[3]!, tokenIn: '0x00000000000000000000000000000000000000f1' },
        ],
      },
      Number.NaN,
      0,
    )
    expect(costs.other).toBeCloseTo(0.134711, 5)
    expect(costs.takerMargin).toBeUndefined()
    expect(costs.fixFee).toBeUndefined()
  })
})
