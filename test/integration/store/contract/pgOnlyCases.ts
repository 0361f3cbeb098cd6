import { sql } from 'kysely'
import { expect, test, vi } from 'vitest'
import type { PgJournalStore } from '../../../../src/store/pg/openPgJournal.ts'
import type { ContractBackend } from './contractBackends.ts'
import { evmAttempt, journalIntent } from './contractFixtures.ts'

/** What only a journal shared by several processes must also hold. */
export function pgOnlyCases(backend: ContractBackend): void {
  test('behavior: an intent committed after a position was read is added later, even when its insert came first', async () => {
    const { store, clock, connect } = await backend.open()
    const t0 = clock.nowMs()
    const other = await connect()
    const start = await other.notionalUsdChanges(t0)
    let middle = start
    await store.withinBatch(async () => {
      // Inserted first, committed last: its insert-time seq is below the other one's.
      await journalIntent(store, 'late', 'a', 5)
      await journalIntent(other, 'early', 'b', 7)
      middle = await other.notionalUsdChanges(t0, { through: start.through, sinceMs: t0 })
      expect(middle.added).toEqual([{ route: 'b', notionalUsd: 7, intents: 1 }])
    })
    const after = await other.notionalUsdChanges(t0, { through: middle.through, sinceMs: t0 })
    expect(after.added).toEqual([{ route: 'a', notionalUsd: 5, intents: 1 }])
    // The tie-break of history follows the commit order too.
    expect((await other.history()).map((h) => h.intent.id)).toEqual(['late', 'early'])
  })

  test('behavior: the dry-run window reads the partial index of dry-run observations', async () => {
    const { store } = await backend.open()
    const { db } = store as PgJournalStore
    const plan = await db.transaction().execute(async (trx) => {
      // On an empty table a scan is cheapest: the question is whether the index can serve.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx)
      const { rows } = await sql<{ 'QUERY PLAN': string }>`
        EXPLAIN SELECT COUNT(*) FROM observations
        WHERE observed_ms >= 0 AND (data_json::jsonb ->> 'kind') = 'dryRun'`.execute(trx)
      return rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('observations_dry_runs')
  })

  test('behavior: a scope holds one pooled connection in its transaction, and gives it back when it ends', async () => {
    const { store } = await backend.open()
    const { db } = store as PgJournalStore
    const inTransaction = async () => {
      const { rows } = await sql<{ count: number }>`
        SELECT COUNT(*)::int AS count FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'idle in transaction'`.execute(db)
      return rows[0]?.count
    }
    await store.withinBatch(async () => {
      await journalIntent(store, 'i1')
      await journalIntent(store, 'i2')
      await store.recordObservation('s', { n: 1 })
      expect(await inTransaction()).toBe(1)
    })
    expect(await inTransaction()).toBe(0)
  })

  test('behavior: a scope whose connection dies refuses the next write and the write-ahead insert, and its group is nowhere', async () => {
    const { store, connect, record } = await backend.open()
    const other = await connect()
    const { db } = store as PgJournalStore
    const scope = store.withinBatch(async () => {
      await journalIntent(store, 'lost')
      // A server restart or a failover, as far as this one transaction can tell.
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'idle in transaction'`.execute(db)
      await expect(journalIntent(store, 'after')).rejects.toThrow()
      // A fence has no intent: only the lost group, not a missing row, can refuse it.
      const { intentId: _none, ...fence } = evmAttempt('lost', 0)
      await expect(record({ ...fence, kind: 'fence' })).rejects.toThrow()
    })
    await expect(scope).resolves.toBeUndefined()
    expect(await other.getIntent('lost')).toBeUndefined()
    expect(await other.unsettledAttempts()).toEqual([])
    // The next scope starts on a live connection.
    await store.withinBatch(() => journalIntent(store, 'next'))
    expect(await other.getIntent('next')).toBeDefined()
  })

  test('default: an open batch commits on its own after batchHoldMs, giving its connection back', async () => {
    const { store, connect } = await backend.open()
    const writer = await connect(20)
    await writer.withinBatch(async () => {
      await journalIntent(writer, 'held')
      await vi.waitFor(async () => expect(await store.getIntent('held')).toBeDefined(), {
        timeout: 5_000,
        interval: 5,
      })
    })
  })
}
