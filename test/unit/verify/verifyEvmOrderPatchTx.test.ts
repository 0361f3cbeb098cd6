import { concat, decodeFunctionData, encodeFunctionData, keccak256 } from 'viem'
import { describe, expect, test } from 'vitest'
import { dlnDestinationAbi } from '../../../src/chains/abi/dlnDestinationAbi.ts'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'
import { buildEvmOrderPatchTx } from '../../../src/verify/buildEvmOrderPatchTx.ts'
import {
  PATCH_ORDER_TAKE_SELECTOR,
  type VerifyEvmOrderPatchTxParams,
  verifyEvmOrderPatchTx,
} from '../../../src/verify/verifyEvmOrderPatchTx.ts'
import { ME, ourArbToBaseOrder } from './ourArbToBaseOrder.ts'
import { refusal } from './refusal.ts'

const me = ME
const other = '0x2222222222222222222222222222222222222222'
const dlnDestination = EVM_CONTRACTS.dlnDestination

const order = ourArbToBaseOrder

function params(over: Partial<VerifyEvmOrderPatchTxParams> = {}): VerifyEvmOrderPatchTxParams {
  const tx = buildEvmOrderPatchTx({ order, dlnDestination, newSubtrahend: 99_100n })
  return {
    tx: { ...tx, from: me },
    order,
    orderId: computeOrderId(order),
    dstChainId: 8453,
    ourDstAddress: me,
    plannedSubtrahend: 99_100n,
    currentSubtrahend: 0n,
    ...over,
  }
}

const refusedAt = (p: VerifyEvmOrderPatchTxParams): string =>
  refusal(() => verifyEvmOrderPatchTx(p)).field

describe('verifyEvmOrderPatchTx', () => {
  test('default: ferry’s own patch passes and lowers the take by the subtrahend', () => {
    const p = params()
    expect(p.tx.data.startsWith(PATCH_ORDER_TAKE_SELECTOR)).toBe(true)
    expect(verifyEvmOrderPatchTx(p)).toEqual({ newTakeAmount: 99_000_900n })
  })

  test('a patch to another contract, with another selector or with value is refused', () => {
    expect(refusedAt(params({ tx: { ...params().tx, to: other } }))).toBe('tx.to')
    const cancel = encodeFunctionData({
      abi: dlnDestinationAbi,
      functionName: 'sendEvmOrderCancel',
      args: [order, me, 0n],
    })
    expect(refusedAt(params({ tx: { ...params().tx, data: cancel } }))).toBe('tx.data')
    expect(refusedAt(params({ tx: { ...params().tx, value: 1n } }))).toBe('tx.value')
  })

  test('trailing bytes after the canonical encoding are refused', () => {
    const data = concat([params().tx.data, '0x00'])
    expect(refusedAt(params({ tx: { ...params().tx, data } }))).toBe('tx.data')
  })

  test('an order that differs from the one on chain, or is not the journaled one, is refused', () => {
    const tampered = buildEvmOrderPatchTx({
      order: { ...order, receiverDst: other },
      dlnDestination,
      newSubtrahend: 99_100n,
    })
    expect(refusedAt(params({ tx: { ...tampered, from: me } }))).toBe('order.receiverDst')
    expect(refusedAt(params({ orderId: `0x${'00'.repeat(32)}` }))).toBe('orderId')
  })

  test('only our destination authority may sign it', () => {
    expect(refusedAt(params({ ourDstAddress: other }))).toBe('order.orderAuthorityAddressDst')
    expect(refusedAt(params({ tx: { ...params().tx, from: other } }))).toBe('tx.from')
  })

  test('the subtrahend must be the planned one, above the one on chain and below the take', () => {
    expect(refusedAt(params({ plannedSubtrahend: 1n }))).toBe('tx.data._newSubtrahend')
    expect(refusedAt(params({ currentSubtrahend: 99_100n }))).toBe('tx.data._newSubtrahend')
    const all = buildEvmOrderPatchTx({ order, dlnDestination, newSubtrahend: order.takeAmount })
    expect(
      refusedAt(params({ tx: { ...all, from: me }, plannedSubtrahend: order.takeAmount })),
    ).toBe('tx.data._newSubtrahend')
  })

  test('behavior: an order into a chain with an internal id (Gnosis 100000002) patches there; the native id is refused (docs/dln.md §5)', () => {
    const gnosis = { ...order, takeChainId: 100000002n }
    const p = {
      ...params(),
      order: gnosis,
      orderId: computeOrderId(gnosis),
      dstChainId: 100000002 as const,
    }
    const tx = buildEvmOrderPatchTx({ order: gnosis, dlnDestination, newSubtrahend: 99_100n })
    expect(verifyEvmOrderPatchTx({ ...p, tx: { ...tx, from: me } })).toEqual({
      newTakeAmount: 99_000_900n,
    })
    const native = { ...order, takeChainId: 100n }
    const bad = buildEvmOrderPatchTx({ order: native, dlnDestination, newSubtrahend: 99_100n })
    const error = refusal(() =>
      verifyEvmOrderPatchTx({
        ...p,
        order: native,
        orderId: computeOrderId(native),
        tx: { ...bad, from: me },
      }),
    )
    expect(error.field).toBe('order.takeChainId')
    // Expected and actual differ in the message: the internal id against what the order carries.
    expect(error.expected).toContain('100000002')
    expect(error.actual).toBe('100')
  })

  test('behavior: a hooked order is patched with keccak256(hook) in externalCall, as getOrderIdWithExternalCallHash wants (docs/dln.md §4.4)', () => {
    const hook = `0x01${'ab'.repeat(100)}` as const
    const hooked = { ...order, externalCall: hook }
    const orderId = computeOrderId(hooked)
    const tx = buildEvmOrderPatchTx({ order: hooked, dlnDestination, newSubtrahend: 99_100n })
    const decoded = decodeFunctionData({ abi: dlnDestinationAbi, data: tx.data })
    const [sent] = decoded.args as unknown as readonly [DlnOrder, bigint]
    expect(sent.externalCall).toBe(keccak256(hook))
    expect(computeOrderId(sent, { externalCallIsHash: true })).toBe(orderId)
    expect(
      verifyEvmOrderPatchTx({ ...params(), order: hooked, orderId, tx: { ...tx, from: me } }),
    ).toEqual({ newTakeAmount: 99_000_900n })
    // The hook itself, as the old build sent it, is refused before the contract would revert.
    const raw = encodeFunctionData({
      abi: dlnDestinationAbi,
      functionName: 'patchOrderTake',
      args: [hooked, 99_100n],
    })
    expect(
      refusedAt({ ...params(), order: hooked, orderId, tx: { ...tx, data: raw, from: me } }),
    ).toBe('order.externalCall')
  })
})
