import { type Hex, size } from 'viem'
import { EVM_NATIVE_TOKEN } from '../api/requests/addressRules.ts'
import type { ChainId } from '../api/schemas/chainId.ts'
import { type EvmAllowList, evmAllowList } from '../chains/evmAllowList.ts'
import { toAddressBytes } from '../chains/toAddressBytes.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { decodeForwarderCall } from './decodeForwarderCall.ts'
import { QuoteMovedError } from './QuoteMovedError.ts'

/** What ferry asked for in a single-chain swap (docs/service.md §4.5). Amounts in base units. */
export type SwapIntent = {
  chainId: ChainId
  /** The wallet that signs and pays. */
  sender: string
  /** Input token; the zero address for the native token. */
  tokenIn: string
  amountIn: bigint
  tokenOut: string
  /** Least output ferry accepts (its own threshold, not the service's minAmount). */
  minAmountOut: bigint
  recipient: string
}

/** A swap transaction that passed {@link verifyEvmSwapTx}. */
export type VerifiedEvmSwap = {
  /** The forwarder the tx goes to, which is also the spender to approve (P-1.15). */
  spender: string
  amountIn: bigint
  /** Output the forwarder guarantees to the recipient (its expected amount), >= the intent's. */
  minAmountOut: bigint
  valueWei: bigint
  /** The opaque router leg: judged by its simulated outcome only (P-8.7). */
  router: Hex
}

/**
 * Verifies a single-chain swap transaction (docs/service.md §2.9 `tx`) before signing (docs/safety.md
 * P-1.15, P-8.7). The service routes swaps through the forwarder's `strictlySwapAndCall`: `to` is
 * the chain's allow-listed forwarder; the call is decoded completely and canonically; its input
 * token and amount are the intent's, with no permit; its output token is the intent's and its
 * expected (guaranteed) output is at least ferry's own minimum; the surplus refund goes to the
 * sender and the output to the intent's recipient with empty receiver calldata (a plain payout,
 * no call); `value` is the amount for native input, else 0. The router and its calldata stay
 * opaque: what they do is judged by the simulated value flow. Throws a {@link VerificationError}
 * naming the first mismatching field.
 */
export function verifyEvmSwapTx(params: {
  tx: { to: string; data: Hex; value: bigint }
  intent: SwapIntent
  allowListOverride?: Partial<EvmAllowList>
}): VerifiedEvmSwap {
  const { tx, intent } = params
  const allow = evmAllowList(intent.chainId, params.allowListOverride)
  if (!allow) throw new VerificationError('chain', 'a chain with an allow-list', intent.chainId)
  if (tx.to.toLowerCase() !== allow.forwarder) {
    throw new VerificationError('tx.to', allow.forwarder, tx.to, 'is not the allow-listed router')
  }
  const call = decodeForwarderCall(tx.data)
  const bytes = (a: string): Hex => toAddressBytes(a, intent.chainId)
  const eq = (field: string, expected: string, actual: string): void => {
    if (bytes(expected) !== bytes(actual)) throw new VerificationError(field, expected, actual)
  }
  eq('tx.data._srcTokenIn', intent.tokenIn, call.tokenIn)
  if (call.amountIn !== intent.amountIn) {
    throw new VerificationError('tx.data._srcAmountIn', intent.amountIn, call.amountIn)
  }
  if (size(call.permitEnvelope) > 0) {
    throw new VerificationError('tx.data._srcTokenInPermitEnvelope', '0x', call.permitEnvelope)
  }
  eq('tx.data._srcTokenOut', intent.tokenOut, call.tokenOut)
  if (call.expectedAmountOut === 0n) {
    throw new VerificationError(
      'tx.data._srcTokenExpectedAmountOut',
      '> 0',
      call.expectedAmountOut,
      'guarantees nothing',
    )
  }
  if (call.expectedAmountOut < intent.minAmountOut) {
    // The market moved, the payload did not lie: economics, not integrity.
    throw new QuoteMovedError(
      'tx.data._srcTokenExpectedAmountOut',
      `>= ${intent.minAmountOut}`,
      call.expectedAmountOut,
    )
  }
  eq('tx.data._srcTokenRefundRecipient', intent.sender, call.refundRecipient)
  eq('tx.data._receiver', intent.recipient, call.receiver)
  if (size(call.receiverCalldata) > 0) {
    throw new VerificationError(
      'tx.data._receiverCalldata',
      '0x (pay the recipient)',
      call.receiverCalldata.slice(0, 10),
      'would call the recipient instead of paying it',
    )
  }
  const expectedValue = bytes(intent.tokenIn) === EVM_NATIVE_TOKEN ? call.amountIn : 0n
  if (tx.value !== expectedValue) throw new VerificationError('tx.value', expectedValue, tx.value)
  return {
    spender: allow.forwarder,
    amountIn: call.amountIn,
    minAmountOut: call.expectedAmountOut,
    valueWei: tx.value,
    router: call.router,
  }
}
