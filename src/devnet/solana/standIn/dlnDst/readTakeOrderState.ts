import type { Hex } from 'viem'
import { borshReader } from '../../../../chains/solana/borsh.ts'
import {
  ORDER_TAKE_STATUS,
  type OrderTakeStatus,
  TAKE_ORDER_STATE_DISCRIMINATOR,
} from '../../../../chains/solana/takeOrderStateLayout.ts'

/** A `TakeOrderState` as dln_dst's IDL lays it out (docs/dln.md §4.10), the fields a cancel reads. */
export type TakeOrderState = {
  status: OrderTakeStatus
  /** The variant's key: canceler, unlock authority or unlocker (base58). */
  key: string
  /** `Cancelled`'s `allowed_cancel_beneficiary_src`, 0x-hex; undefined when none or another status. */
  allowedCancelBeneficiarySrc: Hex | undefined
  /** The give chain, deBridge's internal id. */
  sourceChainId: bigint
}

/**
 * Decodes a take-state account's data (trailing padding of the allocated space is ignored).
 * @throws Error when the discriminator or the status tag is not dln_dst's.
 */
export function readTakeOrderState(data: Uint8Array): TakeOrderState {
  const head = Buffer.from(data.subarray(0, 8))
  if (!head.equals(Buffer.from(TAKE_ORDER_STATE_DISCRIMINATOR))) {
    throw new Error('AccountDiscriminatorMismatch: not a TakeOrderState')
  }
  const r = borshReader(data.subarray(8))
  const tag = r.u8('orderState')
  const status = ORDER_TAKE_STATUS[tag]
  if (!status) throw new Error(`unknown OrderTakeStatus tag ${tag}`)
  const key = r.publicKey(`orderState.${status}`).toBase58()
  let allowedCancelBeneficiarySrc: Hex | undefined
  if (status === 'Fulfilled') r.fixed('orderState.Fulfilled.orderId', 32)
  if (status === 'Cancelled') {
    allowedCancelBeneficiarySrc = r.option(
      'orderState.Cancelled.allowed_cancel_beneficiary_src',
      () => r.bytes('orderState.Cancelled.allowed_cancel_beneficiary_src'),
    )
  }
  const sourceChainId = BigInt(r.fixed('sourceChainId', 32))
  return { status, key, allowedCancelBeneficiarySrc, sourceChainId }
}
