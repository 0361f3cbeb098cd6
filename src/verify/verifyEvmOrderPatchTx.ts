import type { Hex } from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'
import type { EvmAllowList } from '../chains/evmAllowList.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { checkEvmDstOrderCall } from './checkEvmDstOrderCall.ts'

/** patchOrderTake(O,uint256) (docs/dln.md §4.3). */
export const PATCH_ORDER_TAKE_SELECTOR = '0x51f228b4'

/** Inputs of {@link verifyEvmOrderPatchTx}. Amounts in the take token's base units. */
export type VerifyEvmOrderPatchTxParams = {
  /** The transaction about to be signed, and the address that will sign it. */
  tx: { to: string; data: Hex; value: bigint; from: string }
  /** The order as DlnSource emitted it in CreatedOrder on the source chain (not from memory). */
  order: DlnOrder
  /** The orderId journaled when the order was created. */
  orderId: Hex
  dstChainId: ChainId
  /** Our wallet on the destination chain: the order's destination authority (P-7.1). */
  ourDstAddress: string
  /** The subtrahend ferry decided on (decideStuckAction), held against the calldata. */
  plannedSubtrahend: bigint
  /** The subtrahend on chain now: the new one must be above it. */
  currentSubtrahend: bigint
  allowListOverride?: Partial<EvmAllowList>
}

/**
 * Checks a take patch before anything signs it (P-7.12, with P-1.1, P-1.2, P-7.1): `to` is the
 * destination chain's allow-listed DlnDestination; the selector is patchOrderTake and the calldata
 * re-encodes byte for byte; the decoded order equals the order read from the source chain field
 * by field and recomputes to the journaled orderId; its take chain is this chain; its destination
 * authority is our address and the signer; the subtrahend is the planned one, above the one on
 * chain and below takeAmount; no value is sent. Pure. Throws the first failed check as a
 * {@link VerificationError}; returns the take a taker must deliver after the patch.
 */
export function verifyEvmOrderPatchTx(params: VerifyEvmOrderPatchTxParams): {
  newTakeAmount: bigint
} {
  const { tx } = params
  const { decoded, rest } = checkEvmDstOrderCall({
    ...params,
    functionName: 'patchOrderTake',
    selector: PATCH_ORDER_TAKE_SELECTOR,
  })
  const subtrahend = rest[0] as bigint
  if (subtrahend !== params.plannedSubtrahend) {
    throw new VerificationError('tx.data._newSubtrahend', params.plannedSubtrahend, subtrahend)
  }
  if (subtrahend <= params.currentSubtrahend || subtrahend >= decoded.takeAmount) {
    throw new VerificationError(
      'tx.data._newSubtrahend',
      `> ${params.currentSubtrahend} and < takeAmount ${decoded.takeAmount}`,
      subtrahend,
    )
  }
  if (tx.value !== 0n) {
    throw new VerificationError('tx.value', 0n, tx.value, 'a take patch pays nothing')
  }
  return { newTakeAmount: decoded.takeAmount - subtrahend }
}
