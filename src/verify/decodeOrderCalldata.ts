import type { Hex } from 'viem'
import { dlnSourceAbi } from '../chains/abi/dlnSourceAbi.ts'
import type { DlnOrderCreation } from '../chains/orderId/dlnOrder.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { decodeCanonicalCall } from './decodeCanonicalCall.ts'
import {
  type DecodedForwarderCall,
  decodeForwarderCall,
  STRICTLY_SWAP_AND_CALL,
} from './decodeForwarderCall.ts'

/** The swap leg of a forwarder-wrapped order (strictlySwapAndCall, docs/dln.md §1.3). */
export type DecodedSwapLeg = Omit<DecodedForwarderCall, 'receiverCalldata'>

/** A decoded order-creating call to DlnSource, possibly wrapped by the forwarder. */
export type DecodedOrderCall = {
  entry: 'createSaltedOrder' | 'createOrder' | 'strictlySwapAndCall'
  creation: DlnOrderCreation
  /** The salt of createSaltedOrder; undefined for createOrder (the maker's nonce applies). */
  salt: bigint | undefined
  affiliateFee: Hex
  referralCode: number
  permitEnvelope: Hex
  metadata: Hex
  swap: DecodedSwapLeg | undefined
}

/**
 * Decodes calldata of createSaltedOrder, createOrder, or strictlySwapAndCall wrapping
 * createSaltedOrder (docs/dln.md §4.3), and re-encodes each layer to demand byte equality, so
 * trailing or non-canonical bytes cannot hide anything (safety P-1.2). Any other selector, or a
 * wrapped call that is not createSaltedOrder, is a {@link VerificationError} at `tx.data`.
 */
export function decodeOrderCalldata(data: Hex): DecodedOrderCall {
  const selector = data.slice(0, 10).toLowerCase()
  if (selector === STRICTLY_SWAP_AND_CALL) {
    const { receiverCalldata: inner, ...leg } = decodeForwarderCall(data, 'tx.data')
    if (inner.slice(0, 10).toLowerCase() !== '0xb9303701') {
      throw new VerificationError(
        'tx.data._receiverCalldata',
        'createSaltedOrder (0xb9303701)',
        inner.slice(0, 10),
        'is not a known call',
      )
    }
    const decoded = decodeSource(inner, 'tx.data._receiverCalldata')
    return { ...decoded, entry: 'strictlySwapAndCall', swap: leg }
  }
  if (selector === '0xb9303701' || selector === '0xfbe16ca7') return decodeSource(data, 'tx.data')
  throw new VerificationError(
    'tx.data',
    'createSaltedOrder, createOrder or strictlySwapAndCall',
    selector,
    'has an unknown selector',
  )
}

function decodeSource(data: Hex, field: string): DecodedOrderCall {
  const { functionName, args } = decodeCanonicalCall(dlnSourceAbi, data, field)
  if (functionName === 'createSaltedOrder') {
    const [creation, salt, affiliateFee, referralCode, permitEnvelope, metadata] =
      args as readonly [DlnOrderCreation, bigint, Hex, number, Hex, Hex]
    return {
      entry: 'createSaltedOrder',
      creation,
      salt,
      affiliateFee,
      referralCode,
      permitEnvelope,
      metadata,
      swap: undefined,
    }
  }
  if (functionName === 'createOrder') {
    const [creation, affiliateFee, referralCode, permitEnvelope] = args as readonly [
      DlnOrderCreation,
      Hex,
      number,
      Hex,
    ]
    return {
      entry: 'createOrder',
      creation,
      salt: undefined,
      affiliateFee,
      referralCode,
      permitEnvelope,
      metadata: '0x',
      swap: undefined,
    }
  }
  throw new VerificationError(
    field,
    'createSaltedOrder or createOrder',
    functionName,
    'is not an order-creating call',
  )
}
