import { keccak256, size } from 'viem'
import type { DlnOrder } from './dlnOrder.ts'

/**
 * The order in the form DlnDestination.patchOrderTake and DlnSource.patchOrderGive (also
 * sendSolanaUnlock and sendBatchSolanaUnlock) take: `externalCall` replaced by its keccak256,
 * since they identify the order by `getOrderIdWithExternalCallHash` (docs/dln.md §4.4). Passing
 * the hook itself there reverts `WrongExternalCallHash()`. An order without a hook is returned
 * unchanged. Pure.
 */
export function withExternalCallHash(order: DlnOrder): DlnOrder {
  if (size(order.externalCall) === 0) return order
  return { ...order, externalCall: keccak256(order.externalCall) }
}
