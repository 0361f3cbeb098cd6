import { describe, expect, test } from 'vitest'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'

const user = '0x55a8f5cce1d53d9ff84ec0962882b447e5914db8'

/** The real order of docs/dln.md §1.3, as DlnSource stored it (give amount after the 4-bps fee). */
const realOrder: DlnOrder = {
  makerOrderNonce: 1746213179552n,
  makerSrc: user,
  giveChainId: 42161n,
  giveTokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  giveAmount: 336644199n,
  takeChainId: 137n,
  takeTokenAddress: '0x0000000000000000000000000000000000000000',
  takeAmount: 1414379129275580318365n,
  receiverDst: user,
  givePatchAuthoritySrc: user,
  orderAuthorityAddressDst: user,
  allowedTakerDst: '0x555ce236c0220695b68341bc48c68d52210cc35b',
  allowedCancelBeneficiarySrc: '0x',
  externalCall: '0x',
}

describe('computeOrderId', () => {
  test('default: reproduces the real orderId of docs/dln.md §1.3 / §4.4', () => {
    expect(computeOrderId(realOrder)).toBe(
      '0x19499ede9b21fa5cc0ce5f74a155482576ff7d85b51863fb5231dbf648300b6a',
    )
  })

  test('behavior: every field changes the id', () => {
    const base = computeOrderId(realOrder)
    expect(computeOrderId({ ...realOrder, giveAmount: realOrder.giveAmount + 1n })).not.toBe(base)
    expect(computeOrderId({ ...realOrder, allowedTakerDst: '0x' })).not.toBe(base)
    expect(computeOrderId({ ...realOrder, makerOrderNonce: 1n })).not.toBe(base)
  })

  test('behavior: an external call enters through its hash', () => {
    const withHook = computeOrderId({ ...realOrder, externalCall: '0x01ab' })
    expect(withHook).not.toBe(computeOrderId(realOrder))
    expect(withHook).not.toBe(computeOrderId({ ...realOrder, externalCall: '0x01ac' }))
  })

  test('behavior: accepts 32-byte Solana addresses and rejects fields over 255 bytes', () => {
    const key = `0x${'ab'.repeat(32)}` as const
    const solana = computeOrderId({ ...realOrder, takeChainId: 7565164n, receiverDst: key })
    expect(solana).toMatch(/^0x[0-9a-f]{64}$/)
    expect(() => computeOrderId({ ...realOrder, receiverDst: `0x${'00'.repeat(256)}` })).toThrow(
      RangeError,
    )
  })
})
