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
import { ME, ourArbToBaseOrder } from './ourArbToBaseOrder.ts'
import { refusal } from './refusal.ts'

const me = ME
const other = '0x2222222222222222222222222222222222222222'
const dlnDestination = EVM_CONTRACTS.dlnDestination
const CAP = 2_000_000_000_000_000n

const order = ourArbToBaseOrder

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

const refused = (p: VerifyEvmOrderCancelTxParams): VerificationError =>
  refusal(() => verifyEvmOrderCancelTx(p))

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
    expect(refused(params({ order: foreign })).field).toBe('order.makerSrc')
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
    const error = refused(build())
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
      const error = refused(params({ tx: { ...tampered, from: me } }))
      expect(error.field, name).toBe(`order.${name}`)
    }
  })

  test('behavior: a cancel into a chain with an internal id (Gnosis 100000002) is checked against the internal id (docs/dln.md §5)', () => {
    const gnosis = { ...order, takeChainId: 100000002n }
    expect(() =>
      verifyEvmOrderCancelTx(params({ order: gnosis, dstChainId: 100000002 })),
    ).not.toThrow()
    const native = { ...order, takeChainId: 100n }
    const error = refused(params({ order: native, dstChainId: 100000002 }))
    expect(error.field).toBe('order.takeChainId')
    expect(error.expected).not.toBe(error.actual)
    expect(error.actual).toBe('100')
  })
})
