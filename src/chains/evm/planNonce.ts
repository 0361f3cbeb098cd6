/** Inputs of {@link planNonce}: the chain's two counts and what this sender knows. */
export type PlanNonceParams = {
  /** Transactions of the address mined (`latest` count): nonces below it are spent. */
  latestCount: number
  /**
   * The node's `pending` count: mined plus the contiguous run of pending ones. A nonce at or above
   * it is not executable in the node: dropped, never received, or queued behind a gap.
   */
  pendingCount: number
  /** The sender's own next nonce, when it has sent in this process. */
  counter?: number
  /** Journaled nonces whose signature may still land (signed or broadcast). */
  openNonces: readonly number[]
}

/** What the next send must do first, and with which nonce it goes out. */
export type NoncePlan = {
  /** The nonce the next transaction is signed with. */
  next: number
  /**
   * The lowest nonce the node does not hold although ferry signed past it: it must be filled
   * (a 0-value self-transfer) before `next` can be mined. Undefined when there is no gap.
   */
  gap?: number
}

/**
 * The nonce manager's decision (docs/safety.md P-2.6, P-2.8), pure. The next nonce is the highest
 * of the node's pending count, the sender's counter and one past every journaled nonce that may
 * still land: ferry never signs a second transaction at a nonce its journal holds open. When that
 * is above the pending count, the node lacks a nonce ferry signed or skipped past, and every
 * later transaction waits behind it: the pending count itself is the gap to fill first. Filling
 * one gap may release transactions queued behind it, so the caller reads the counts again and
 * plans again until no gap is left.
 */
export function planNonce(params: PlanNonceParams): NoncePlan {
  const open = params.openNonces.filter((n) => n >= params.latestCount)
  const next = Math.max(
    params.pendingCount,
    params.counter ?? params.pendingCount,
    ...open.map((n) => n + 1),
  )
  return next > params.pendingCount ? { next, gap: params.pendingCount } : { next }
}
