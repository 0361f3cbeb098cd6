import { type Address, encodeFunctionData, type Hex } from 'viem'
import { dlnDestinationAbi } from '../chains/abi/dlnDestinationAbi.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import { withExternalCallHash } from '../chains/orderId/withExternalCallHash.ts'

/** A take patch for the destination chain, before signing. It carries no value. */
export type EvmOrderPatchTx = { to: Address; data: Hex; value: bigint }

/**
 * Builds `DlnDestination.patchOrderTake(order, newSubtrahend)` (docs/dln.md §4.3 selector
 * 0x51f228b4), which lowers what a taker must deliver to takeAmount − newSubtrahend. The order
 * goes in the hash form (withExternalCallHash): the contract identifies it by
 * `getOrderIdWithExternalCallHash` (docs/dln.md §4.4), so a hooked order passed with its hook
 * reverts `WrongExternalCallHash()`. The service
 * has no endpoint for it, so ferry builds it itself, as it builds its cancels. Pure; the result
 * must still pass `verifyEvmOrderPatchTx` before anything signs it (P-7.12).
 */
export function buildEvmOrderPatchTx(params: {
  /**
   * The order exactly as DlnSource emitted it in CreatedOrder (read from chain, not memory), with
   * the hook itself; the hash form is made here.
   */
  order: DlnOrder
  /** DlnDestination of the destination chain (the allow-listed address). */
  dlnDestination: Address
  /** The new subtrahend, base units of the take token: above the one on chain. */
  newSubtrahend: bigint
}): EvmOrderPatchTx {
  return {
    to: params.dlnDestination,
    data: encodeFunctionData({
      abi: dlnDestinationAbi,
      functionName: 'patchOrderTake',
      args: [withExternalCallHash(params.order), params.newSubtrahend],
    }),
    value: 0n,
  }
}
