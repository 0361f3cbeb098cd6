import { DAY_MS } from '../common/DAY_MS.ts'
import type { JournalStore } from '../store/contract/JournalStore.ts'
import type { Journal } from '../store/sqlite/openJournal.ts'
import type { RiskTotals } from './readRiskTotals.ts'
import { readRiskTotals } from './readRiskTotals.ts'

/** The journal reads of the last risk check: the 24 h sums, the in-flight intents, the cooldown. */
export type PreSignReads = Pick<Journal, 'notionalUsdSince' | 'status' | 'lastFailureMs'>

/**
 * The last risk check before signing (docs/safety.md P-4.2), as the write-ahead insert runs it
 * (`SignedAttemptParams.guard`): `check` judges the journal's totals for the window ending at
 * `nowMs` (ms since the epoch) and `route`'s last failure, and throws to refuse.
 *
 * With `syncReads` (the SQLite journal the store wraps) the guard is synchronous: the SQLite
 * insert runs it inside its own transaction, so it sees the totals as of that commit. Without
 * (PostgreSQL) it reads the store and is awaited by the insert just before its statement
 * (docs/architecture.md §5 says what that sees).
 */
export function createPreSignGuard(params: {
  journal: Pick<JournalStore, 'notionalUsdSince' | 'status' | 'lastFailureMs'>
  syncReads?: PreSignReads
  nowMs: number
  route: string
  check: (totals: RiskTotals, lastRouteFailureAtMs: number | undefined) => void
}): () => void | Promise<void> {
  const { journal, syncReads, nowMs, route, check } = params
  if (syncReads !== undefined) {
    return () => {
      const totals = {
        dayByRoute: syncReads.notionalUsdSince(nowMs - DAY_MS),
        inFlight: syncReads.status().inFlight,
      }
      check(totals, syncReads.lastFailureMs(route))
    }
  }
  return async () => {
    check(await readRiskTotals(journal, nowMs), await journal.lastFailureMs(route))
  }
}
