import type { EvmFees, EvmPriorityLevel } from './evmFeePolicy.ts'
import type { NonceCounts } from './readNonceCounts.ts'

/**
 * The reads of a send that do not depend on its transaction, taken ahead (while a quote is in
 * flight) by `EvmSender.prefetch`. Opaque to callers: they hand it back in the send request, and
 * the sender uses each part only while it still holds (usablePrefetch).
 */
export type EvmSendPrefetch = {
  level: EvmPriorityLevel
  /** Clock ms when the reads started: their age is counted from here. */
  readAtMs: number
  fees: EvmFees
  /**
   * The chain's counts, with the sender's send generation when the reads started; undefined
   * when a send was under way then (its nonce may have moved the counts meanwhile).
   */
  nonce?: { counts: NonceCounts; generation: number; chainChecked: boolean }
}
