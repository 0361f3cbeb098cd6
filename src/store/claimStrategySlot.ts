import { sql } from 'kysely'
import type { PgJournalStore } from './openPgJournal.ts'

/** One strategy's run in one schedule slot, claimed by one process. */
export type StrategySlotClaim = {
  strategy: string
  /** The slot's start, ms since the epoch (settings/scheduleSlotMs). */
  slotMs: number
  holder: string
}

/** How long claimed slots are kept before {@link claimStrategySlot} prunes them, ms. */
const KEEP_SLOTS_MS = 2 * 24 * 60 * 60 * 1000

/**
 * Claims a strategy's schedule slot for `holder`: true when this call claimed it, false when the
 * slot was already run by anyone (this holder included). One row per (strategy, slot), inserted
 * in one statement, so however many processes race, exactly one runs the slot, even across a
 * takeover of the strategy's wallets (docs/architecture.md §5).
 */
export async function claimStrategySlot(
  store: PgJournalStore,
  claim: StrategySlotClaim,
): Promise<boolean> {
  const { rows } = await sql<{ strategy: string }>`
    INSERT INTO strategy_slots (strategy, slot_ms, holder, claimed_at)
    VALUES (${claim.strategy}, ${claim.slotMs}, ${claim.holder}, now())
    ON CONFLICT (strategy, slot_ms) DO NOTHING
    RETURNING strategy`.execute(store.db)
  return rows.length === 1
}

/** Forgets claims of slots that started more than two days before `nowMs`. */
export async function pruneStrategySlots(store: PgJournalStore, nowMs: number): Promise<void> {
  await sql`DELETE FROM strategy_slots WHERE slot_ms < ${nowMs - KEEP_SLOTS_MS}`.execute(store.db)
}
