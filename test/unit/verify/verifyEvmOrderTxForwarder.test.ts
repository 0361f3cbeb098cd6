import { describe, expect, test } from 'vitest'
import { decodeOrderCalldata } from '../../../src/verify/decodeOrderCalldata.ts'
import { checkEvmOrderTx, verifyEvmOrderTx } from '../../../src/verify/verifyEvmOrderTx.ts'
import { me, onChain, quoteFor, reencode, usdcArb, usdtArb } from './evmOrderTxFixtures.ts'
import { refusal } from './refusal.ts'

describe('verifyEvmOrderTx: forwarder rules (P-8.7)', () => {
  test('behavior: the forwarder wraps an order only when a pre-swap is needed (P-8.7)', () => {
    const { intent, tx, orderId } = quoteFor()
    const direct = decodeOrderCalldata(tx.data)
    // The honest direct order, wrapped: USDC in, USDC given, router calldata free to do anything.
    const wrapped = reencode(direct, (c) => ({
      ...c,
      permitEnvelope: '0x',
      swap: {
        tokenIn: usdcArb,
        amountIn: c.creation.giveAmount,
        permitEnvelope: '0x',
        router: usdcArb,
        swapCalldata: '0x',
        tokenOut: usdcArb,
        expectedAmountOut: c.creation.giveAmount,
        refundRecipient: me,
        receiver: '0xef4fb24ad0916217251f553c0596f8edc630eb66',
      },
    }))
    const forwarder = '0x663dc15d3c1ac63ff12e45ab68fea3f0a883c251'
    const error = refusal(() =>
      verifyEvmOrderTx({
        tx: { ...tx, to: forwarder, data: wrapped },
        intent,
        onChain,
        announcedOrderId: orderId,
      }),
    )
    expect(error.field).toBe('tx.to')
    expect(error.message).toContain('needs no pre-swap')
  })

  test('behavior: a wrapped order expecting no swap output, or giving 0, is refused', () => {
    const { intent, tx, orderId } = quoteFor({
      srcChainTokenIn: usdtArb,
      srcChainTokenInAmount: 1000n * 10n ** 6n,
    })
    const zero = reencode(decodeOrderCalldata(tx.data), (c) => ({
      ...c,
      creation: { ...c.creation, giveAmount: 0n },
      swap: { ...c.swap!, expectedAmountOut: 0n },
    }))
    const error = refusal(() =>
      verifyEvmOrderTx({ tx: { ...tx, data: zero }, intent, onChain, announcedOrderId: orderId }),
    )
    expect(error.field).toBe('tx.data._srcTokenExpectedAmountOut')
    const { checks } = checkEvmOrderTx({
      tx: { ...tx, data: zero },
      intent,
      onChain,
      announcedOrderId: orderId,
    })
    expect(checks.filter((c) => !c.ok).map((c) => c.field)).toContain('order.giveAmount')
  })
})
