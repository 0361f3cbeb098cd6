import type { ApprovalState, AttemptState, IntentState, OrderState } from './journalTypes.ts'

const INTENT_RANK: Record<IntentState, number> = {
  journaled: 0,
  approving: 1,
  signed: 2,
  broadcast: 3,
  created: 4,
  fulfilled: 5,
  completed: 6,
  failed: 6,
  cancelled: 6,
}

// `replaced` ranks below the final states because a replaced signature can still be the one that
// is mined (P-2.10); only chain evidence makes an attempt final.
const ATTEMPT_RANK: Record<AttemptState, number> = {
  signed: 0,
  broadcast: 1,
  replaced: 2,
  confirmed: 3,
  failed: 3,
  dropped: 3,
}

const APPROVAL_RANK: Record<ApprovalState, number> = {
  signed: 0,
  broadcast: 1,
  confirmed: 2,
  failed: 2,
}

// The fill and cancel paths share `None` and `Created`, then fork; an order never crosses over.
const ORDER_STEP: Record<OrderState, { rank: number; path: 'common' | 'fill' | 'cancel' }> = {
  None: { rank: 0, path: 'common' },
  Created: { rank: 1, path: 'common' },
  Fulfilled: { rank: 2, path: 'fill' },
  SentUnlock: { rank: 3, path: 'fill' },
  ClaimedUnlock: { rank: 4, path: 'fill' },
  OrderCancelled: { rank: 2, path: 'cancel' },
  SentOrderCancel: { rank: 3, path: 'cancel' },
  ClaimedOrderCancel: { rank: 4, path: 'cancel' },
  Failed: { rank: 4, path: 'common' },
}

/** The state machines the journal keeps monotonic. */
export type StateMachine =
  | { kind: 'intent'; from: IntentState; to: IntentState }
  | { kind: 'attempt'; from: AttemptState; to: AttemptState }
  | { kind: 'approval'; from: ApprovalState; to: ApprovalState }
  | { kind: 'order'; from: OrderState; to: OrderState }

/**
 * Whether a recorded state may move to a new one: only forward, never out of a final state, so a
 * late or repeated report (a slow poller, a restart replaying events) can never undo evidence —
 * a confirmed attempt never goes back to broadcast. A repeat of the same state is `false` (a
 * no-op, which makes every transition idempotent).
 */
export function canAdvance(machine: StateMachine): boolean {
  switch (machine.kind) {
    case 'intent':
      return INTENT_RANK[machine.to] > INTENT_RANK[machine.from]
    case 'attempt':
      return ATTEMPT_RANK[machine.to] > ATTEMPT_RANK[machine.from]
    case 'approval':
      return APPROVAL_RANK[machine.to] > APPROVAL_RANK[machine.from]
    case 'order': {
      // Failed means the order never came to exist: only an order not yet seen on chain can fail.
      if (machine.to === 'Failed') return machine.from === 'None'
      const from = ORDER_STEP[machine.from]
      const to = ORDER_STEP[machine.to]
      if (to.rank <= from.rank) return false
      return from.path === 'common' || from.path === to.path
    }
  }
}
