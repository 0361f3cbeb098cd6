import { sql } from 'kysely'
import type { PgJournalStore } from '../pg/openPgJournal.ts'

/** The cluster-wide kill switch as the shared journal holds it. */
export type SharedKillSwitch = {
  engaged: boolean
  /** When, by whom and why, while engaged (the same line the kill-switch file starts with). */
  note: string | undefined
}

/**
 * Reads the kill switch of a shared journal (docs/safety.md P-4.4): engaged while its one row
 * exists. One indexed read; every instance reads it once a tick.
 */
export async function readSharedKillSwitch(
  store: Pick<PgJournalStore, 'db'>,
): Promise<SharedKillSwitch> {
  const { rows } = await sql<{ since: Date; by_whom: string; reason: string }>`
    SELECT since, by_whom, reason FROM kill_switch WHERE id = 1`.execute(store.db)
  const row = rows[0]
  if (row === undefined) return { engaged: false, note: undefined }
  const note = `kill switch on since ${row.since.toISOString()} by ${row.by_whom}: ${row.reason}`
  return { engaged: true, note }
}

/**
 * Engages (`on`) or releases the kill switch of a shared journal, for every instance on it.
 * Idempotent: `on` keeps an engaged switch's first time and reason. Returns whether it changed.
 */
export async function setSharedKillSwitch(
  store: Pick<PgJournalStore, 'db'>,
  on: boolean,
  who: { by: string; reason: string },
): Promise<boolean> {
  const result = on
    ? await sql`
        INSERT INTO kill_switch (id, since, by_whom, reason)
        VALUES (1, clock_timestamp(), ${who.by}, ${who.reason.replace(/\s+/g, ' ').trim() || 'manual stop'})
        ON CONFLICT (id) DO NOTHING`.execute(store.db)
    : await sql`DELETE FROM kill_switch WHERE id = 1`.execute(store.db)
  return (result.numAffectedRows ?? 0n) > 0n
}
