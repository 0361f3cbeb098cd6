import type { Address, Hex } from 'viem'
import type { EvmSendPrefetch } from './EvmSendPrefetch.ts'
import type { EvmSendProgress } from './EvmSendProgress.ts'
import type { EvmPriorityLevel } from './evmFeePolicy.ts'
import type { EvmSendKind } from './sendJournal.ts'

/** A Safe transaction: the Safe, its `getTransactionHash` and the Safe nonce it was read at. */
export type EvmSafeTx = { safe: Address; safeTxHash: Hex; safeNonce: bigint }

/** One transaction for the sender to sign, journal, broadcast and follow. */
export type EvmSendRequest = {
  kind: EvmSendKind
  to: Address
  data: Hex
  value: bigint
  /** Gas limit; above the chain's cap the send is refused before signing. */
  gasLimit: bigint
  /** Fee level (spec srcChainPriorityLevel). Default `normal`. */
  priorityLevel?: EvmPriorityLevel
  /** Confirmations for this send; default the sender's. */
  confirmations?: number
  intentId?: string
  orderId?: Hex
  /**
   * A Safe account's transaction these bytes execute (the Safe sender sets it): journaled with
   * the attempt before the signature, so a restart settles it by the Safe nonce too.
   */
  safeTx?: EvmSafeTx
  /**
   * Quote deadline (clock ms): the first signature happens no later, else StaleQuoteError and
   * nothing is signed. Replacements re-sign bytes already out, so they ignore it.
   */
  signByMs?: number
  quotedAtMs?: number
  /**
   * Fees and nonce counts read ahead by `EvmSender.prefetch` while the transaction was quoted;
   * the sender uses what still holds and reads the rest (usablePrefetch).
   */
  prefetched?: EvmSendPrefetch
  /** Awaited: a journal write it makes (the intent's progress) lands before the send goes on. */
  onProgress?: (event: EvmSendProgress) => void | Promise<void>
}
