import { concat, encodeFunctionData, type Hex, toEventSelector } from 'viem'
import { describe, expect, test } from 'vitest'
import { dlnDestinationAbi } from '../../../src/chains/abi/dlnDestinationAbi.ts'
import { DLN_ORDER_COMPONENTS } from '../../../src/chains/abi/dlnOrderAbiParameters.ts'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import { buildEvmOrderCancelTx } from '../../../src/verify/buildEvmOrderCancelTx.ts'
import {
  type VerifyEvmOrderCancelTxParams,
  verifyEvmOrderCancelTx,
} from '../../../src/verify/verifyEvmOrderCancelTx.ts'

const me = '0x1111111111111111111111111111111111111111'
const other = '0x2222222222222222222222222222222222222222'
const dlnDestination = EVM_CONTRACTS.dlnDestination
const CAP = 2_000_000_000_000_000n

// An order as DlnSource emits it: Arbitrum USDC to Base USDC, ferry as maker and every authority.
const order: DlnOrder = {
  makerOrderNonce: 1_767_225_600_123n,
  makerSrc: me,
  giveChainId: 42161n,
  giveTokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  giveAmount: 99_960_000n,
  takeChainId: 8453n,
  takeTokenAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  takeAmount: 99_100_000n,
  receiverDst: me,
  givePatchAuthoritySrc: me,
  orderAuthorityAddressDst: me,
  allowedTakerDst: '0x',
  allowedCancelBeneficiarySrc: me,
  externalCall: '0x',
}

function params(
  overrides: Partial<VerifyEvmOrderCancelTxParams> = {},
  build: Partial<Parameters<typeof buildEvmOrderCancelTx>[0]> = {},
): VerifyEvmOrderCancelTxParams {
  const onChain = overrides.order ?? order
  const tx = buildEvmOrderCancelTx({
    order: onChain,
    dlnDestination,
    beneficiary: me,
    messagingFeeWei: 1_000_000_000_000_000n,
    executionFeeWei: 0n,
    ...build,
  })
  return {
    tx: { ...tx, from: me },
    order: onChain,
    orderId: computeOrderId(onChain),
    srcChainId: 42161,
    dstChainId: 8453,
    ourDstAddress: me,
    ourSrcAddress: me,
    maxValueWei: CAP,
    ...overrides,
  }
}

function refusal(p: VerifyEvmOrderCancelTxParams): VerificationError {
  try {
    verifyEvmOrderCancelTx(p)
  } catch (error) {
    if (error instanceof VerificationError) return error
    throw error
  }
  throw new Error('the cancel was accepted')
}

describe('verifyEvmOrderCancelTx (P-7.4)', () => {
  test('default: the built cancel of our own order passes and says what it does', () => {
    const p = params()
    const verified = verifyEvmOrderCancelTx(p)
    expect(p.tx.to).toBe(dlnDestination)
    expect(p.tx.data.slice(0, 10)).toBe('0xd38d9626')
    expect(verified).toEqual({
      orderId: computeOrderId(order),
      order,
      beneficiary: me,
      executionFeeWei: 0n,
      valueWei: 1_000_000_000_000_000n,
    })
  })

  test('behavior: an order without allowedCancelBeneficiarySrc refunds the maker, which must be us', () => {
    const open = { ...order, allowedCancelBeneficiarySrc: '0x' as Hex }
    expect(verifyEvmOrderCancelTx(params({ order: open })).beneficiary).toBe(me)
    const foreign = { ...open, makerSrc: other as Hex }
    expect(refusal(params({ order: foreign })).field).toBe('order.makerSrc')
  })

  test('behavior: the ClaimedOrderCancel topic matches docs/dln.md §4.3', () => {
    const item = dlnSourceAbi.find((i) => i.type === 'event' && i.name === 'ClaimedOrderCancel')
    expect(toEventSelector(item as Parameters<typeof toEventSelector>[0])).toBe(
      '0x7d7d1c5b3eadbe275ceb358e65cd57410b35997187258dbaaae42ab6e1405fd8',
    )
  })

  test.each([
    ['tx.to', () => params({ tx: { ...params().tx, to: EVM_CONTRACTS.dlnSource } })],
    [
      'tx.data',
      () =>
        params({
          tx: {
            ...params().tx,
            data: encodeFunctionData({
              abi: dlnDestinationAbi,
              functionName: 'sendEvmUnlock',
              args: [computeOrderId(order), me, 0n],
            }),
          },
        }),
    ],
    ['tx.data', () => params({ tx: { ...params().tx, data: concat([params().tx.data, '0x00']) } })],
    ['tx.data._cancelBeneficiary', () => params({}, { beneficiary: other })],
    ['tx.from', () => params({ tx: { ...params().tx, from: other } })],
    ['tx.value', () => params({}, { messagingFeeWei: CAP + 1n })],
    [
      'tx.data._executionFee',
      () => params({ tx: { ...params({}, { executionFeeWei: 5n }).tx, value: 4n } }),
    ],
    ['orderId', () => params({ orderId: `0x${'ab'.repeat(32)}` })],
    [
      'order.orderAuthorityAddressDst',
      () => params({ order: { ...order, orderAuthorityAddressDst: other }, ourDstAddress: me }),
    ],
    [
      'order.allowedCancelBeneficiarySrc',
      () =>
        params({ order: { ...order, allowedCancelBeneficiarySrc: other } }, { beneficiary: other }),
    ],
    ['order.takeChainId', () => params({ dstChainId: 42161 })],
    ['dstChainId', () => params({ dstChainId: 7565164 })],
    ['srcChainId', () => params({ srcChainId: 7565164 })],
  ])('behavior: refuses a tampered cancel at %s', (field, build) => {
    const error = refusal(build())
    expect(error).toBeInstanceOf(VerificationError)
    expect(error.field).toBe(field)
  })

  test('behavior: any single-field change of the order in the calldata is refused', () => {
    for (const { name } of DLN_ORDER_COMPONENTS) {
      const value = order[name]
      const mutated: DlnOrder = {
        ...order,
        [name]: typeof value === 'bigint' ? value + 1n : (concat([value, '0x01']) as Hex),
      }
      const tampered = buildEvmOrderCancelTx({
        order: mutated,
        dlnDestination,
        beneficiary: me,
        messagingFeeWei: 1n,
      })
      const error = refusal(params({ tx: { ...tampered, from: me } }))
      expect(error.field, name).toBe(`order.${name}`)
    }
  })
})
