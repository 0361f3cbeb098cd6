import type { EvmSendPrefetch } from './EvmSendPrefetch.ts'
import type { EvmFees, EvmPriorityLevel } from './evmFeePolicy.ts'
import type { NonceCounts } from './readNonceCounts.ts'

/** Default age in ms past which prefetched fees and counts are read again at the send. */
export const DEFAULT_PREFETCH_MAX_AGE_MS = 3_000

/** The sender's state at the moment a send starts, under its serialization. */
export type SendMoment = {
  nowMs: number
  level: EvmPriorityLevel
  /** Sends ended since the sender was created (none runs now: this one holds the turn). */
  generation: number
  /** Whether the sender has no nonce counter (first send, or forgotten): the chain id is checked. */
  needsChainCheck: boolean
  maxAgeMs: number
}

/**
 * Which parts of a prefetch a send may use instead of reading again, pure: the fees when they are
 * no older than `maxAgeMs` and of the send's fee level; the nonce counts when, besides, they were
 * read while no send ran and none ended since (the counter and the pending count would
 * disagree) and, on a send that checks the chain id, that check was part of the reads.
 */
export function usablePrefetch(
  prefetch: EvmSendPrefetch | undefined,
  at: SendMoment,
): { fees?: EvmFees; counts?: NonceCounts } {
  if (!prefetch) return {}
  const ageMs = at.nowMs - prefetch.readAtMs
  if (ageMs > at.maxAgeMs || ageMs < 0 || prefetch.level !== at.level) return {}
  const nonce = prefetch.nonce
  const countsHold =
    nonce !== undefined &&
    nonce.generation === at.generation &&
    (nonce.chainChecked || !at.needsChainCheck)
  return countsHold ? { fees: prefetch.fees, counts: nonce.counts } : { fees: prefetch.fees }
}
