import type { Hex, TransactionReceipt } from 'viem'
import type { EvmFees } from './evmFeePolicy.ts'

/** A send that reached its confirmation depth. `receipt` may be reverted: callers decide. */
export type EvmSendResult = {
  nonce: number
  /** The hash that was mined (one of `hashes`). */
  hash: Hex
  hashes: Hex[]
  receipt: TransactionReceipt
  /** The fees of the mined transaction. */
  fees: EvmFees
}
