import {
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  size,
  slice,
  toFunctionSelector,
} from 'viem'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { simSwapRouterAbi } from '../abi/simSwapRouterAbi.ts'
import { toAddressBytes } from '../toAddressBytes.ts'
import { type EvmAllowList, evmAllowList } from './evmAllowList.ts'
import { VerificationError } from './VerificationError.ts'

/** What ferry asked for in a single-chain swap (spec §4.5). Amounts in base units. */
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
  /** The router, which is also the spender to approve (it pulls the input, P-1.15). */
  spender: string
  amountIn: bigint
  minAmountOut: bigint
  valueWei: bigint
}

const SWAP_SELECTOR = toFunctionSelector(simSwapRouterAbi[0])
const NATIVE = '0x0000000000000000000000000000000000000000'

/**
 * Verifies a single-chain swap transaction (spec §2.9 `tx`) before signing (safety P-1.15): `to`
 * is the chain's allow-listed router (the forwarder address, dln-facts §6), the selector is the
 * router's `swap` (any other selector is refused), the calldata re-encodes byte for byte, the
 * input token and amount equal the intent's, the output token and recipient are ours, the
 * minimum output is at least the intent's, and `value` is the amount for native input, else 0.
 * Throws a {@link VerificationError} naming the first mismatching field.
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
  const selector = size(tx.data) >= 4 ? slice(tx.data, 0, 4) : '0x'
  if (selector !== SWAP_SELECTOR) {
    throw new VerificationError('tx.data.selector', SWAP_SELECTOR, selector, 'is not a known swap')
  }
  let args: readonly [Hex, bigint, Hex, bigint, Hex]
  try {
    args = decodeFunctionData({ abi: simSwapRouterAbi, data: tx.data }).args
  } catch {
    throw new VerificationError('tx.data', 'swap calldata', 'undecodable')
  }
  const again = encodeFunctionData({ abi: simSwapRouterAbi, functionName: 'swap', args })
  if (again.toLowerCase() !== tx.data.toLowerCase()) {
    throw new VerificationError('tx.data', again, tx.data, 'does not re-encode byte for byte')
  }
  const [tokenIn, amountIn, tokenOut, minAmountOut, recipient] = args
  const bytes = (a: string): Hex => toAddressBytes(a, intent.chainId)
  const eq = (field: string, expected: string, actual: string): void => {
    if (bytes(expected) !== bytes(actual)) throw new VerificationError(field, expected, actual)
  }
  eq('swap.tokenIn', intent.tokenIn, tokenIn)
  if (amountIn !== intent.amountIn)
    throw new VerificationError('swap.amountIn', intent.amountIn, amountIn)
  eq('swap.tokenOut', intent.tokenOut, tokenOut)
  if (minAmountOut < intent.minAmountOut) {
    throw new VerificationError(
      'swap.minAmountOut',
      `>= ${intent.minAmountOut}`,
      minAmountOut,
      'is below the accepted minimum',
    )
  }
  eq('swap.recipient', intent.recipient, recipient)
  const expectedValue = bytes(intent.tokenIn) === NATIVE ? amountIn : 0n
  if (tx.value !== expectedValue) throw new VerificationError('tx.value', expectedValue, tx.value)
  return { spender: allow.forwarder, amountIn, minAmountOut, valueWei: tx.value }
}
