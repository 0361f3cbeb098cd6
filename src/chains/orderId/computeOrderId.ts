import { encodePacked, type Hex, keccak256, size } from 'viem'
import type { DlnOrder } from './dlnOrder.ts'

/**
 * The orderId exactly as `DlnOrderLib.getOrderId` computes it (docs/dln.md §4.4): keccak256 of the
 * packed order, each address prefixed by its 1-byte length, then a has-external-call flag and,
 * when set, keccak256 of the external call. With `externalCallIsHash` it is
 * `getOrderIdWithExternalCallHash` instead: the order's `externalCall` already is the 32-byte
 * hash and is appended as it is (the form patchOrderTake and patchOrderGive take, see
 * withExternalCallHash). Pure; works for EVM (20-byte) and Solana (32-byte) addresses alike.
 * Throws a RangeError for an address longer than 255 bytes, or for a hash variant whose
 * externalCall is not 32 bytes (the contract's `WrongExternalCallHash`).
 * @returns 0x and 64 hex digits
 */
export function computeOrderId(
  order: DlnOrder,
  options: { externalCallIsHash?: boolean } = {},
): Hex {
  const len = (bytes: Hex): number => {
    const n = size(bytes)
    if (n > 255) throw new RangeError(`address field of ${n} bytes exceeds 255`)
    return n
  }
  const hasExternalCall = size(order.externalCall) > 0
  const packed = encodePacked(
    [
      'uint64',
      'uint8',
      'bytes',
      'uint256',
      'uint8',
      'bytes',
      'uint256',
      'uint256',
      'uint8',
      'bytes',
      'uint256',
      'uint8',
      'bytes',
      'uint8',
      'bytes',
      'uint8',
      'bytes',
      'uint8',
      'bytes',
      'uint8',
      'bytes',
      'bool',
    ],
    [
      order.makerOrderNonce,
      len(order.makerSrc),
      order.makerSrc,
      order.giveChainId,
      len(order.giveTokenAddress),
      order.giveTokenAddress,
      order.giveAmount,
      order.takeChainId,
      len(order.takeTokenAddress),
      order.takeTokenAddress,
      order.takeAmount,
      len(order.receiverDst),
      order.receiverDst,
      len(order.givePatchAuthoritySrc),
      order.givePatchAuthoritySrc,
      len(order.orderAuthorityAddressDst),
      order.orderAuthorityAddressDst,
      len(order.allowedTakerDst),
      order.allowedTakerDst,
      len(order.allowedCancelBeneficiarySrc),
      order.allowedCancelBeneficiarySrc,
      hasExternalCall,
    ],
  )
  if (hasExternalCall && options.externalCallIsHash && size(order.externalCall) !== 32) {
    throw new RangeError(`externalCall of ${size(order.externalCall)} bytes is not a 32-byte hash`)
  }
  // The hash of the hook, not the hook itself, is appended: a long hook keeps the id cheap.
  const tail: Hex = !hasExternalCall
    ? '0x'
    : options.externalCallIsHash
      ? order.externalCall
      : keccak256(order.externalCall)
  return keccak256(`${packed}${tail.slice(2)}` as Hex)
}
