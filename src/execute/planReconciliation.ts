import type { RouteRequest } from '../common/strategy/marketTypes.ts'
import type {
  AttemptRecord,
  IntentReconciliation,
  OrderRecord,
  OrderState,
} from '../store/contract/journalTypes.ts'

/**
 * What a restart does with one intent a previous run left unfinished (safety P-2.2, P-2.3):
 * - `track`: its order exists on chain; follow it to the fill and the hook as usual.
 * - `resume`: a business transaction (order or swap) was signed and journaled, so it may land:
 *   settle those signed bytes on chain (receipt by hash, nonce state, Solana signature status,
 *   rebroadcast of the same bytes). It is never re-quoted.
 * - `abandon`: nothing that could create an order or a swap was ever signed; the intent ends
 *   with none, after its approvals (if any) are settled and their leftover allowance revoked
 *   (P-1.12).
 * - `finish`: the journal alone proves the end (every business attempt reverted or dropped, or the
 *   refund of a cancel was claimed).
 * - `refund`: the order was cancelled on its destination; the refund is followed on the source
 *   until DlnSource pays it, and only then does the intent end `cancelled` (P-7.5).
 */
export type ReconciliationPlan =
  | { kind: 'track'; order: OrderRecord; hasHook: boolean }
  | {
      kind: 'resume'
      family: 'evm' | 'solana'
      chainId: number
      sendKind: 'order' | 'swap'
      /** The business attempts of the one nonce (EVM) or intent (Solana), oldest first. */
      attempts: AttemptRecord[]
    }
  | {
      kind: 'abandon'
      /** Approval and revoke attempts of the intent, oldest first. */
      approvals: AttemptRecord[]
      detail: string
    }
  | { kind: 'finish'; state: 'failed' | 'cancelled'; detail: string }
  | { kind: 'refund'; order: OrderRecord; detail: string }

const LIVE_ORDER_STATES: readonly OrderState[] = [
  'Created',
  'Fulfilled',
  'SentUnlock',
  'ClaimedUnlock',
]

/** The route an intent was journaled with (`params.route`, see createEngine). */
export function journaledRoute(rec: IntentReconciliation): RouteRequest | undefined {
  const params = rec.intent.params as { route?: RouteRequest } | undefined
  return params?.route
}

/**
 * Decides, from the journal alone, how to reconcile one non-terminal intent (P-2.2). Pure: the
 * chain lookups belong to the world that carries the plan out.
 */
export function planReconciliation(rec: IntentReconciliation): ReconciliationPlan {
  const route = journaledRoute(rec)
  const hasHook = route?.kind === 'crossChain' && route.hook !== undefined
  const live = rec.orders.find((o) => LIVE_ORDER_STATES.includes(o.state))
  if (live) return { kind: 'track', order: live, hasHook }
  const claimed = rec.orders.find((o) => o.state === 'ClaimedOrderCancel')
  if (claimed) {
    return { kind: 'finish', state: 'cancelled', detail: `order ${claimed.orderId} refunded` }
  }
  const cancelling = rec.orders.find(
    (o) => o.state === 'OrderCancelled' || o.state === 'SentOrderCancel',
  )
  if (cancelling) {
    return {
      kind: 'refund',
      order: cancelling,
      detail: `order ${cancelling.orderId} is cancelled; its refund is followed on the source`,
    }
  }
  const business = rec.attempts.filter((a) => a.kind === 'order' || a.kind === 'swap')
  if (business.length === 0) {
    return {
      kind: 'abandon',
      approvals: rec.attempts.filter((a) => a.kind === 'approve' || a.kind === 'revoke'),
      detail: 'interrupted before its transaction was signed; nothing was sent',
    }
  }
  // One intent signs one business transaction: all its signatures share the newest nonce (EVM);
  // a fresh nonce only follows a proven consumed one, whose attempts are final already.
  const newest = business.at(-1)!
  const attempts =
    newest.family === 'evm'
      ? business.filter((a) => a.nonce === newest.nonce && a.chainId === newest.chainId)
      : business.filter((a) => a.chainId === newest.chainId)
  if (attempts.every((a) => a.state === 'failed' || a.state === 'dropped')) {
    return {
      kind: 'finish',
      state: 'failed',
      detail: attempts.some((a) => a.state === 'failed')
        ? 'its transaction reverted'
        : 'its transaction can no longer land',
    }
  }
  return {
    kind: 'resume',
    family: newest.family,
    chainId: newest.chainId,
    sendKind: newest.kind === 'swap' ? 'swap' : 'order',
    attempts,
  }
}
