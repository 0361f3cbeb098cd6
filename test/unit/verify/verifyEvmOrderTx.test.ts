import type { Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import {
  type DecodedOrderCall,
  decodeOrderCalldata,
} from '../../../src/verify/decodeOrderCalldata.ts'
import { deriveOrder } from '../../../src/verify/deriveOrder.ts'
import { QuoteMovedError } from '../../../src/verify/QuoteMovedError.ts'
import { checkEvmOrderTx, verifyEvmOrderTx } from '../../../src/verify/verifyEvmOrderTx.ts'
import { createTxJsonExample } from '../../fixtures/conformance/createTxJsonExample.ts'
import { FIXED_FEE, me, onChain, quoteFor, reencode, usdtArb } from './evmOrderTxFixtures.ts'
import { refusal } from './refusal.ts'

describe('verifyEvmOrderTx', () => {
  test('default: a faithful reserve-input order passes and its orderId is recomputed', () => {
    const { intent, tx, orderId } = quoteFor()
    const verified = verifyEvmOrderTx({ tx, intent, onChain, announcedOrderId: orderId })
    expect(verified.orderId).toBe(orderId)
    expect(verified.spender).toBe(tx.to.toLowerCase())
    expect(verified.amountIn).toBeGreaterThan(100_000_000n)
  })

  test('behavior: a forwarder-wrapped (pre-swap) order passes too', () => {
    const { intent, tx, orderId } = quoteFor({
      srcChainTokenIn: usdtArb,
      srcChainTokenInAmount: 1000n * 10n ** 6n,
    })
    expect(tx.data.startsWith('0x4d8160ba')).toBe(true)
    expect(verifyEvmOrderTx({ tx, intent, onChain, announcedOrderId: orderId }).orderId).toBe(
      orderId,
    )
  })

  test('behavior: native input needs value = fixed fee + amount', () => {
    const native = '0x0000000000000000000000000000000000000000'
    const { intent, tx, orderId } = quoteFor({
      srcChainTokenIn: native,
      srcChainTokenInAmount: 10n ** 17n,
      prependOperatingExpenses: false,
    })
    const verified = verifyEvmOrderTx({
      tx,
      intent: { ...intent, maxPrependedOpex: 0n },
      onChain,
      announcedOrderId: orderId,
    })
    expect(verified.valueWei).toBe(FIXED_FEE + verified.amountIn)
  })

  const other = '0x2222222222222222222222222222222222222222'
  const mutations: [string, (c: DecodedOrderCall) => DecodedOrderCall][] = [
    ['order.receiverDst', (c) => ({ ...c, creation: { ...c.creation, receiverDst: other } })],
    [
      'order.orderAuthorityAddressDst',
      (c) => ({ ...c, creation: { ...c.creation, orderAuthorityAddressDst: other } }),
    ],
    [
      'order.givePatchAuthoritySrc',
      (c) => ({ ...c, creation: { ...c.creation, givePatchAuthoritySrc: other } }),
    ],
    [
      'order.allowedCancelBeneficiarySrc',
      (c) => ({ ...c, creation: { ...c.creation, allowedCancelBeneficiarySrc: other } }),
    ],
    [
      'order.allowedCancelBeneficiarySrc',
      (c) => ({ ...c, creation: { ...c.creation, allowedCancelBeneficiarySrc: '0x' } }),
    ],
    [
      'order.takeTokenAddress',
      (c) => ({ ...c, creation: { ...c.creation, takeTokenAddress: other } }),
    ],
    [
      'order.giveTokenAddress',
      (c) => ({ ...c, creation: { ...c.creation, giveTokenAddress: other } }),
    ],
    [
      'order.giveAmount',
      (c) => ({ ...c, creation: { ...c.creation, giveAmount: c.creation.giveAmount * 2n } }),
    ],
    ['order.takeChainId', (c) => ({ ...c, creation: { ...c.creation, takeChainId: 137n } })],
    [
      'order.allowedTakerDst',
      (c) => ({ ...c, creation: { ...c.creation, allowedTakerDst: other } }),
    ],
    [
      'order.externalCall',
      (c) => ({ ...c, creation: { ...c.creation, externalCall: '0x01deadbeef' } }),
    ],
    [
      'tx.data._affiliateFee',
      (c) => ({
        ...c,
        affiliateFee: `${other}${(10n ** 6n).toString(16).padStart(64, '0')}` as Hex,
      }),
    ],
    ['tx.data._referralCode', (c) => ({ ...c, referralCode: 777 })],
    ['tx.data._permitEnvelope', (c) => ({ ...c, permitEnvelope: '0x1234' })],
  ]

  test.each(mutations)('behavior: a changed %s is refused and named', (field, patch) => {
    const { intent, tx, orderId } = quoteFor()
    const data = reencode(decodeOrderCalldata(tx.data), patch)
    const error = refusal(() =>
      verifyEvmOrderTx({ tx: { ...tx, data }, intent, onChain, announcedOrderId: orderId }),
    )
    expect(error.field).toBe(field)
    expect(error.metaMessages).toEqual(
      expect.arrayContaining([
        `field: ${field}`,
        expect.stringMatching(/^expected: /),
        expect.stringMatching(/^actual: /),
      ]),
    )
  })

  test('behavior: a take below the minimum in an honest payload is economics (QuoteMovedError), not a refusal', () => {
    const { intent, tx } = quoteFor()
    const data = reencode(decodeOrderCalldata(tx.data), (c) => ({
      ...c,
      creation: { ...c.creation, takeAmount: c.creation.takeAmount / 2n },
    }))
    // The service announces the orderId its own calldata creates: nothing lies, the price moved.
    const announced = checkEvmOrderTx({
      tx: { ...tx, data },
      intent,
      onChain,
      announcedOrderId: '0x',
    }).orderId!
    let error: unknown
    try {
      verifyEvmOrderTx({ tx: { ...tx, data }, intent, onChain, announcedOrderId: announced })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(QuoteMovedError)
    expect(error).not.toBeInstanceOf(VerificationError)
    expect((error as QuoteMovedError).field).toBe('order.takeAmount')
  })

  test('behavior: an order taking half of its own answer’s estimation.dstChainTokenOut.amount is integrity (VerificationError), not a moved price', () => {
    const { intent, tx, quote } = quoteFor()
    const data = reencode(decodeOrderCalldata(tx.data), (c) => ({
      ...c,
      creation: { ...c.creation, takeAmount: c.creation.takeAmount / 2n },
    }))
    const announced = checkEvmOrderTx({
      tx: { ...tx, data },
      intent,
      onChain,
      announcedOrderId: '0x',
    }).orderId!
    const estimated = BigInt(quote.estimation.dstChainTokenOut.amount)
    const run = (estimatedTakeAmount: bigint) => () =>
      verifyEvmOrderTx({
        tx: { ...tx, data },
        intent,
        onChain,
        announcedOrderId: announced,
        estimatedTakeAmount,
      })
    const error = refusal(run(estimated))
    expect(error).toBeInstanceOf(VerificationError)
    expect(error.field).toBe('order.takeAmount')
    expect(error.expected).toContain('estimation.dstChainTokenOut.amount')
    // The same low take, announced as such by its own answer: the price moved (economics).
    expect(run(estimated / 2n)).toThrow(QuoteMovedError)
  })

  test('behavior: a lower take that also breaks the announced orderId is integrity: the lie wins', () => {
    const { intent, tx, orderId } = quoteFor()
    const data = reencode(decodeOrderCalldata(tx.data), (c) => ({
      ...c,
      creation: { ...c.creation, takeAmount: c.creation.takeAmount / 2n },
    }))
    const error = refusal(() =>
      verifyEvmOrderTx({ tx: { ...tx, data }, intent, onChain, announcedOrderId: orderId }),
    )
    expect(error.field).toBe('orderId')
  })

  test('behavior: target, selector, value, orderId and trailing bytes are each refused', () => {
    const { intent, tx, orderId } = quoteFor()
    const verify = (patch: Partial<typeof tx>, announced = orderId) =>
      refusal(() =>
        verifyEvmOrderTx({ tx: { ...tx, ...patch }, intent, onChain, announcedOrderId: announced }),
      )
    expect(verify({ to: '0x3333333333333333333333333333333333333333' }).field).toBe('tx.to')
    expect(verify({ data: `0xa9059cbb${tx.data.slice(10)}` }).field).toBe('tx.data')
    expect(verify({ value: tx.value + 1n }).field).toBe('tx.value')
    expect(verify({}, `0x${'00'.repeat(32)}`).field).toBe('orderId')
    expect(verify({ data: `${tx.data}00` }).field).toBe('tx.data')
    // The value is checked against the chain's fee, not the service's fixFee.
    expect(
      refusal(() =>
        verifyEvmOrderTx({
          tx,
          intent,
          onChain: { ...onChain, fixedFeeWei: 1n },
          announcedOrderId: orderId,
        }),
      ).field,
    ).toBe('tx.value')
  })

  test('behavior: an affiliate fee passes only when configured, with its exact amount', () => {
    const { intent, tx, orderId } = quoteFor({
      affiliateFeePercent: 0.1,
      affiliateFeeRecipient: me,
    })
    expect(
      refusal(() => verifyEvmOrderTx({ tx, intent, onChain, announcedOrderId: orderId })).field,
    ).toBe('tx.data._affiliateFee')
    const call = decodeOrderCalldata(tx.data)
    const amount = BigInt(`0x${call.affiliateFee.slice(42)}`)
    const ok = verifyEvmOrderTx({
      tx,
      intent: { ...intent, affiliate: { recipient: me, amount } },
      onChain,
      announcedOrderId: orderId,
    })
    expect(ok.orderId).toBe(orderId)
    expect(
      refusal(() =>
        verifyEvmOrderTx({
          tx,
          intent: { ...intent, affiliate: { recipient: me, amount: amount - 1n } },
          onChain,
          announcedOrderId: orderId,
        }),
      ).field,
    ).toBe('tx.data._affiliateFee.amount')
  })

  test('behavior: the opex bound caps what may be prepended to the input', () => {
    const { intent, tx, orderId } = quoteFor()
    expect(
      refusal(() =>
        verifyEvmOrderTx({
          tx,
          intent: { ...intent, maxPrependedOpex: 0n },
          onChain,
          announcedOrderId: orderId,
        }),
      ).field,
    ).toBe('order.giveAmount')
  })
})

describe('decodeOrderCalldata on the real example (docs/dln.md §1.3)', () => {
  test('default: the forwarder-wrapped calldata decodes and gives the published orderId', () => {
    const call = decodeOrderCalldata(createTxJsonExample.tx.data)
    expect(call.entry).toBe('strictlySwapAndCall')
    expect(call.swap?.router.toLowerCase()).toBe('0x6131b5fae19ea4f9d964eac0408e4408b66337b5')
    expect(call.referralCode).toBe(31805)
    const order = deriveOrder(call, {
      sender: '0x55A8f5cce1d53D9Ff84EC0962882b447E5914dB8',
      srcChainId: 42161,
      transferFeeBps: 4n,
    })
    expect(order.giveAmount).toBe(336644199n)
    expect(computeOrderId(order)).toBe(
      '0x19499ede9b21fa5cc0ce5f74a155482576ff7d85b51863fb5231dbf648300b6a',
    )
  })
})
