/**
 * The steps of the executor pipeline at which a crash is tested (docs/safety.md
 * P-2.1, P-2.2): after the intent is journaled, after an approval is broadcast, after the order
 * is signed and journaled but before its broadcast, after its broadcast, after the order is
 * created. The engine and the world call {@link FailPoint} at each; in production it does nothing.
 */
export const FAIL_POINTS = [
  'afterIntentJournaled',
  'afterApprovalSent',
  'afterSign',
  'afterBroadcast',
  'afterOrderCreated',
] as const

/**
 * Steps of the stuck-order path at which a crash is tested (P-7.5, P-7.12): after the auto-cancel
 * is mined and journaled (the order SentOrderCancel), before its refund is seen; after a take
 * patch is broadcast, before its receipt is read and the patch counted on the order. Apart from
 * {@link FAIL_POINTS}, which every order passes, since only an unfilled order reaches them.
 */
export const CANCEL_FAIL_POINTS = ['afterCancelSent', 'afterPatchSent'] as const

/**
 * Inside the write-ahead insert of a first signature, while its last risk check runs (on a
 * shared journal: under the cluster's cap lock, in its transaction), before the fenced insert:
 * where a holder frozen by a pause or a partition used to block a takeover
 * (docs/architecture.md §5, "what bounds a failover").
 */
export const WRITE_AHEAD_FAIL_POINTS = ['inWriteAhead'] as const

/** One named step of {@link FAIL_POINTS}, {@link CANCEL_FAIL_POINTS} or {@link WRITE_AHEAD_FAIL_POINTS}. */
export type FailPointName =
  | (typeof FAIL_POINTS)[number]
  | (typeof CANCEL_FAIL_POINTS)[number]
  | (typeof WRITE_AHEAD_FAIL_POINTS)[number]

/** Called at each named step; the test harness makes one of them kill the process. */
export type FailPoint = (name: FailPointName) => void

/** The fail point of production: nothing happens. */
export const noFailPoint: FailPoint = () => {}
