import { type Hex, size } from 'viem'
import { EVM_NATIVE_TOKEN } from '../api/requests/addressRules.ts'
import type { ChainId } from '../api/schemas/chainId.ts'
import { type EvmAllowList, evmAllowList } from '../chains/evmAllowList.ts'
import { toAddressBytes } from '../chains/toAddressBytes.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { decodeForwarderCall, STRICTLY_SWAP_AND_CALL } from './decodeForwarderCall.ts'
import { decodeRouterSwapCall, ROUTER_SWAP } from './decodeRouterSwapCall.ts'
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
  /** The router's entry the tx calls (docs/dln.md §6). */
  shape: 'swap' | 'strictlySwapAndCall'
  /** The forwarder the tx goes to, which is also the spender to approve (P-1.15). */
  spender: string
  amountIn: bigint
  /**
   * The output floor: for `swap` the router's own `tokenOutMinAmount` (>= the intent's); for
   * `strictlySwapAndCall` the intent's, held by the simulated value flow only, since the leg that
   * pays the recipient is the target router's opaque calldata.
   */
  minAmountOut: bigint
  valueWei: bigint
  /** The opaque router leg: judged by its simulated outcome only (P-8.7). */
  router: Hex
}

type Check = { tx: { to: string; data: Hex; value: bigint }; intent: SwapIntent }

/**
 * Verifies a single-chain swap transaction (docs/service.md §2.9 `tx`) before signing (docs/safety.md
 * P-1.15, P-8.7), in either shape the real router has (docs/dln.md §6). `to` is the chain's
 * allow-listed forwarder; the call is decoded completely and canonically; input token and amount
 * are the intent's, with no permit; `value` is the amount for native input, else 0.
 * - `swap(...)`: the output token is the intent's, its `tokenOutMinAmount` is at least ferry's
 *   minimum (less is a {@link QuoteMovedError}), the recipient is the intent's (zero, which pays
 *   the caller, only when the recipient is the sender), and no affiliate fee is taken.
 * - `strictlySwapAndCall(...)`: the surplus refund goes to the sender and `_target` is a router
 *   called with calldata, never the recipient or the sender: the real forwarder requires the
 *   target to pull the output, so a wallet target reverts. The output and who gets it are judged
 *   by the simulated value flow alone.
 * The router legs stay opaque. Throws a {@link VerificationError} naming the first bad field.
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
  const selector = tx.data.slice(0, 10).toLowerCase()
  const checked =
    selector === ROUTER_SWAP
      ? checkRouterSwap(params)
      : selector === STRICTLY_SWAP_AND_CALL
        ? checkForwarderSwap(params)
        : undefined
  if (!checked) {
    throw new VerificationError(
      'tx.data.selector',
      `swap (${ROUTER_SWAP}) or strictlySwapAndCall (${STRICTLY_SWAP_AND_CALL})`,
      selector,
      'is not a known router call',
    )
  }
  const expectedValue = same(intent, intent.tokenIn, EVM_NATIVE_TOKEN) ? intent.amountIn : 0n
  if (tx.value !== expectedValue) throw new VerificationError('tx.value', expectedValue, tx.value)
  return { ...checked, spender: allow.forwarder, amountIn: intent.amountIn, valueWei: tx.value }
}

type Checked = Pick<VerifiedEvmSwap, 'shape' | 'minAmountOut' | 'router'>

function checkRouterSwap({ tx, intent }: Check): Checked {
  const call = decodeRouterSwapCall(tx.data)
  checkInput(intent, call.tokenIn, call.amountIn, call.permitEnvelope, '_tokenIn')
  eq(intent, 'tx.data._swapDetails.tokenOut', intent.tokenOut, call.tokenOut)
  if (call.tokenOutMinAmount === 0n) {
    throw new VerificationError(
      'tx.data._swapDetails.tokenOutMinAmount',
      '> 0',
      0n,
      'guarantees nothing',
    )
  }
  if (call.tokenOutMinAmount < intent.minAmountOut) {
    // The market moved, the payload did not lie: economics, not integrity.
    throw new QuoteMovedError(
      'tx.data._swapDetails.tokenOutMinAmount',
      `>= ${intent.minAmountOut}`,
      call.tokenOutMinAmount,
    )
  }
  // A zero recipient pays msg.sender, the sending wallet.
  const paid = /^0x0{40}$/i.test(call.recipient) ? intent.sender : call.recipient
  eq(intent, 'tx.data._swapDetails.recipient', intent.recipient, paid)
  if (size(call.affiliateFeeEnvelope) > 0) {
    throw new VerificationError(
      'tx.data._swapDetails.affiliateFeeEnvelope',
      '0x (no affiliate fee)',
      call.affiliateFeeEnvelope,
      'would pay part of the output to a third party',
    )
  }
  return { shape: 'swap', minAmountOut: call.tokenOutMinAmount, router: call.router }
}

function checkForwarderSwap({ tx, intent }: Check): Checked {
  const call = decodeForwarderCall(tx.data)
  checkInput(intent, call.tokenIn, call.amountIn, call.permitEnvelope, '_srcTokenIn')
  if (call.expectedAmountOut === 0n) {
    throw new VerificationError(
      'tx.data._srcTokenExpectedAmountOut',
      '> 0',
      0n,
      'guarantees nothing',
    )
  }
  eq(intent, 'tx.data._srcTokenRefundRecipient', intent.sender, call.refundRecipient)
  const wallet = [intent.recipient, intent.sender].some((w) => same(intent, w, call.receiver))
  if (wallet || size(call.receiverCalldata) === 0) {
    throw new VerificationError(
      'tx.data._target',
      'a router called with calldata that pulls the output (docs/dln.md §6)',
      `${call.receiver} with ${size(call.receiverCalldata)} bytes of calldata`,
      'the real forwarder reverts when the target does not pull the output',
    )
  }
  return { shape: 'strictlySwapAndCall', minAmountOut: intent.minAmountOut, router: call.router }
}

function checkInput(
  intent: SwapIntent,
  tokenIn: Hex,
  amountIn: bigint,
  permit: Hex,
  field: string,
): void {
  eq(intent, `tx.data.${field}`, intent.tokenIn, tokenIn)
  const amountField = field === '_tokenIn' ? '_amountIn' : '_srcAmountIn'
  if (amountIn !== intent.amountIn) {
    throw new VerificationError(`tx.data.${amountField}`, intent.amountIn, amountIn)
  }
  if (size(permit) > 0) {
    const permitField =
      field === '_tokenIn' ? '_tokenInPermitEnvelope' : '_srcTokenInPermitEnvelope'
    throw new VerificationError(`tx.data.${permitField}`, '0x', permit)
  }
}

function same(intent: SwapIntent, a: string, b: string): boolean {
  return toAddressBytes(a, intent.chainId) === toAddressBytes(b, intent.chainId)
}

function eq(intent: SwapIntent, field: string, expected: string, actual: string): void {
  if (!same(intent, expected, actual)) throw new VerificationError(field, expected, actual)
}
