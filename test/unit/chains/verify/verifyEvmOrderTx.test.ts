import { encodeFunctionData, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  buildCreateTxQuery,
  type CreateTxParams,
  createTxParamsSchema,
} from '../../../../src/api/requests/buildCreateTxQuery.ts'
import { crosschainForwarderAbi } from '../../../../src/chains/abi/crosschainForwarderAbi.ts'
import { dlnSourceAbi } from '../../../../src/chains/abi/dlnSourceAbi.ts'
import { computeOrderId } from '../../../../src/chains/orderId/computeOrderId.ts'
import {
  type DecodedOrderCall,
  decodeOrderCalldata,
} from '../../../../src/chains/verify/decodeOrderCalldata.ts'
import { deriveOrder } from '../../../../src/chains/verify/deriveOrder.ts'
import type { OrderIntent } from '../../../../src/chains/verify/orderIntent.ts'
import { VerificationError } from '../../../../src/chains/verify/VerificationError.ts'
import {
  checkEvmOrderTx,
  verifyEvmOrderTx,
} from '../../../../src/chains/verify/verifyEvmOrderTx.ts'
import { createMarket } from '../../../../src/sim/market/createMarket.ts'
import { buildOrderQuote } from '../../../../src/sim/quote/buildOrderQuote.ts'
import { realCreateTxExample } from '../../../fixtures/api/realCreateTxExample.ts'

const me = '0x1111111111111111111111111111111111111111'
const usdcArb = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const usdcBase = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const usdtArb = '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9'
const FIXED_FEE = 1_000_000_000_000_000n

function quoteFor(overrides: Partial<CreateTxParams> = {}) {
  const params: CreateTxParams = {
    srcChainId: 42161,
    srcChainTokenIn: usdcArb,
    srcChainTokenInAmount: 100_000_000n,
    dstChainId: 8453,
    dstChainTokenOut: usdcBase,
    dstChainTokenOutAmount: 'auto',
    dstChainTokenOutRecipient: me,
    srcChainOrderAuthorityAddress: me,
    dstChainOrderAuthorityAddress: me,
    srcAllowedCancelBeneficiary: me,
    senderAddress: me,
    prependOperatingExpenses: true,
    ...overrides,
  }
  buildCreateTxQuery(params)
  const quote = buildOrderQuote(createTxParamsSchema.parse(params), {
    market: createMarket(),
    nowMs: 1_767_225_600_000,
  })
  const intent: OrderIntent = {
    srcChainId: 42161,
    dstChainId: 8453,
    sender: me,
    tokenIn: String(params.srcChainTokenIn),
    amountIn: BigInt(String(params.srcChainTokenInAmount)),
    maxPrependedOpex: BigInt(quote.estimation.srcChainTokenIn.approximateOperatingExpense) * 2n,
    tokenOut: String(params.dstChainTokenOut),
    minTakeAmount: (BigInt(quote.estimation.dstChainTokenOut.amount) * 99n) / 100n,
    receiver: me,
    srcAuthority: me,
    dstAuthority: me,
    cancelBeneficiary: me,
    allowedTaker: 'empty',
  }
  const tx = { to: quote.tx!.to!, data: quote.tx!.data as Hex, value: BigInt(quote.tx!.value!) }
  return { quote, intent, tx, orderId: quote.orderId! }
}

function reencode(call: DecodedOrderCall, patch: (c: DecodedOrderCall) => DecodedOrderCall): Hex {
  const p = patch(structuredClone(call))
  const inner = encodeFunctionData({
    abi: dlnSourceAbi,
    functionName: 'createSaltedOrder',
    args: [p.creation, p.salt!, p.affiliateFee, p.referralCode, p.permitEnvelope, p.metadata],
  })
  if (!p.swap) return inner
  const s = p.swap
  return encodeFunctionData({
    abi: crosschainForwarderAbi,
    functionName: 'strictlySwapAndCall',
    args: [
      s.tokenIn,
      s.amountIn,
      s.permitEnvelope,
      s.router,
      s.swapCalldata,
      s.tokenOut,
      s.expectedAmountOut,
      s.refundRecipient,
      s.receiver,
      inner,
    ],
  })
}

function refusal(run: () => unknown): VerificationError {
  try {
    run()
  } catch (error) {
    if (error instanceof VerificationError) return error
    throw error
  }
  throw new Error('expected a VerificationError')
}

const onChain = { fixedFeeWei: FIXED_FEE, transferFeeBps: 4n }

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
    [
      'order.takeAmount',
      (c) => ({ ...c, creation: { ...c.creation, takeAmount: c.creation.takeAmount / 2n } }),
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

describe('decodeOrderCalldata on the real example (dln-facts §1.3)', () => {
  test('default: the forwarder-wrapped calldata decodes and gives the published orderId', () => {
    const call = decodeOrderCalldata(realCreateTxExample.tx.data)
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
