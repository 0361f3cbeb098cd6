import type { Hex } from 'viem'
import { crosschainForwarderAbi } from '../chains/abi/crosschainForwarderAbi.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { decodeCanonicalCall } from './decodeCanonicalCall.ts'

/** STRICTLY_SWAP_AND_CALL selector of the forwarder (docs/dln.md §4.3). */
export const STRICTLY_SWAP_AND_CALL = '0x4d8160ba'

/**
 * The forwarder's `strictlySwapAndCall`, decoded completely (docs/safety.md P-8.7): the swap leg
 * (input, router and its opaque calldata, output and its expected amount, refund recipient) and
 * the call that receives the output. Addresses as the ABI decodes them (checksummed hex).
 */
export type DecodedForwarderCall = {
  tokenIn: Hex
  amountIn: bigint
  permitEnvelope: Hex
  router: Hex
  swapCalldata: Hex
  tokenOut: Hex
  expectedAmountOut: bigint
  refundRecipient: Hex
  receiver: Hex
  receiverCalldata: Hex
}

/**
 * Decodes forwarder calldata that must be `strictlySwapAndCall`, canonically encoded; any other
 * selector or a non-canonical encoding is a {@link VerificationError} at `field`.
 */
export function decodeForwarderCall(data: Hex, field = 'tx.data'): DecodedForwarderCall {
  const selector = data.slice(0, 10).toLowerCase()
  if (selector !== STRICTLY_SWAP_AND_CALL) {
    throw new VerificationError(
      `${field}.selector`,
      `strictlySwapAndCall (${STRICTLY_SWAP_AND_CALL})`,
      selector,
      'is not a known forwarder call',
    )
  }
  const { args } = decodeCanonicalCall(crosschainForwarderAbi, data, field)
  const [
    tokenIn,
    amountIn,
    permitEnvelope,
    router,
    swapCalldata,
    tokenOut,
    expectedAmountOut,
    refundRecipient,
    receiver,
    receiverCalldata,
  ] = args as readonly [Hex, bigint, Hex, Hex, Hex, Hex, bigint, Hex, Hex, Hex]
  return {
    tokenIn,
    amountIn,
    permitEnvelope,
    router,
    swapCalldata,
    tokenOut,
    expectedAmountOut,
    refundRecipient,
    receiver,
    receiverCalldata,
  }
}
