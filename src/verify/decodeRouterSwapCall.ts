import type { Hex } from 'viem'
import { crosschainForwarderAbi } from '../chains/abi/crosschainForwarderAbi.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { decodeCanonicalCall } from './decodeCanonicalCall.ts'

/** The router's single-chain `swap` selector (docs/dln.md §6). */
export const ROUTER_SWAP = '0x258c16ee'

/**
 * The router's `swap(...)`, decoded completely (docs/dln.md §6): input and its permit, the swap
 * leg (router, its opaque calldata, the aggregator it may approve), the output token and the
 * least the recipient gets, the surplus share and affiliate envelope, and the recipient (zero
 * means the caller). Addresses as the ABI decodes them (checksummed hex).
 */
export type DecodedRouterSwap = {
  tokenIn: Hex
  amountIn: bigint
  permitEnvelope: Hex
  allowanceAggregator: Hex
  router: Hex
  swapCalldata: Hex
  tokenOut: Hex
  tokenOutMinAmount: bigint
  surplusShareBps: number
  affiliateFeeEnvelope: Hex
  recipient: Hex
  referralCode: number
}

/**
 * Decodes calldata that must be the router's `swap`, canonically encoded; any other selector or
 * a non-canonical encoding is a {@link VerificationError} at `field`.
 */
export function decodeRouterSwapCall(data: Hex, field = 'tx.data'): DecodedRouterSwap {
  const selector = data.slice(0, 10).toLowerCase()
  if (selector !== ROUTER_SWAP) {
    throw new VerificationError(`${field}.selector`, `swap (${ROUTER_SWAP})`, selector)
  }
  const { args } = decodeCanonicalCall(crosschainForwarderAbi, data, field)
  const [tokenIn, amountIn, permitEnvelope, details, referralCode] = args as readonly [
    Hex,
    bigint,
    Hex,
    {
      allowanceAggregator: Hex
      swapRouter: Hex
      swapCalldata: Hex
      tokenOut: Hex
      tokenOutMinAmount: bigint
      surplusShareBps: number
      affiliateFeeEnvelope: Hex
      recipient: Hex
    },
    number,
  ]
  return {
    tokenIn,
    amountIn,
    permitEnvelope,
    allowanceAggregator: details.allowanceAggregator,
    router: details.swapRouter,
    swapCalldata: details.swapCalldata,
    tokenOut: details.tokenOut,
    tokenOutMinAmount: details.tokenOutMinAmount,
    surplusShareBps: details.surplusShareBps,
    affiliateFeeEnvelope: details.affiliateFeeEnvelope,
    recipient: details.recipient,
    referralCode,
  }
}
