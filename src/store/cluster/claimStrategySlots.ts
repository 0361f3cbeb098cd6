import { sql } from 'kysely'
import type { PgJournalStore } from '../pg/openPgJournal.ts'

/** One strategy's schedule slot: its start, ms since the epoch (settings/scheduleSlotMs). */
export type StrategySlot = { strategy: string; slotMs: number }

/**
 * Claims schedule slots for `holder`, one statement for the whole tick: returns the strategies
 * whose slot this call claimed; one already run by anyone (this holder included) is not. One row
 * per (strategy, slot), so however many processes race, exactly one runs each slot, even across
 * a takeover of the strategy's wallets (docs/architecture.md §5).
 */
export async function claimStrategySlots(
  store: PgJournalStore,
  holder: string,
  slots: readonly StrategySlot[],
): Promise<Set<string>> {
  if (slots.length === 0) return new Set()
  const rows = await store.db
    .insertInto('strategy_slots')
    .values(
      slots.map((s) => ({
        strategy: s.strategy,
        slot_ms: s.slotMs,
        holder,
        claimed_at: sql`now()`,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('strategy')
    .execute()
  return new Set(rows.map((r) => r.strategy))
}

/**
 * Forgets claims no slot can be claimed again for: older than an hour by the database's clock
 * (a host whose clock lags a slot boundary still finds the slot it would run again) and not a
 * strategy's latest (a daily cron's slot stays until the next one starts).
 */
export async function pruneStrategySlots(store: PgJournalStore): Promise<void> {
  await sql`
    DELETE FROM strategy_slots s
    WHERE s.slot_ms < (extract(epoch from now()) * 1000)::bigint - 3600000
      AND s.slot_ms < (SELECT max(l.slot_ms) FROM strategy_slots l WHERE l.strategy = s.strategy)`.execute(
    store.db,
  )
}
