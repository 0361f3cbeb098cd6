import { encodePacked, type Hex, stringToHex } from 'viem'

/** What the simulator records in `order.metadata`. Amounts are take-token base units. */
export type OrderMetadataFields = {
  additionalTakerRewardBps: number
  /** Operating expenses the order pays the taker, in destination reserve base units. */
  operatingExpensesAmount: bigint
  /** The take amount the quote recommended (differs from the order's for limit orders). */
  recommendedTakeAmount: bigint
  /** The request's free `metadata` text, appended as UTF-8. */
  userMetadata?: string | undefined
}

/**
 * `order.metadata`, passed to createSaltedOrder as `_metadata`. The real bytes are opaque
 * (docs/dln.md §8 q9); the simulator's layout, packed: uint8 version (1) ‖ uint8
 * creationProcessType (1 = create-tx) ‖ uint16 additionalTakerRewardBps ‖ uint256
 * operatingExpensesAmount ‖ uint256 recommendedTakeAmount ‖ UTF-8 of the request's metadata.
 */
export function buildOrderMetadata(fields: OrderMetadataFields): Hex {
  return encodePacked(
    ['uint8', 'uint8', 'uint16', 'uint256', 'uint256', 'bytes'],
    [
      1,
      1,
      fields.additionalTakerRewardBps,
      fields.operatingExpensesAmount,
      fields.recommendedTakeAmount,
      fields.userMetadata ? stringToHex(fields.userMetadata) : '0x',
    ],
  )
}
