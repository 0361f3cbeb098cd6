import type { Hex } from 'viem'
import type { DlnOrder } from '../orderId/dlnOrder.ts'

/** What the simulator's Solana order instruction carries. */
export type SolanaOrderPayload = {
  /** The order exactly as its orderId is computed (give amount after fees). */
  order: DlnOrder
  /** What the program takes from the maker, before the protocol and affiliate fees. */
  creationGiveAmount: bigint
  /** `0x` or beneficiary bytes ‖ 32-byte amount. */
  affiliateFee: Hex
  referralCode: number
  metadata: Hex
}
