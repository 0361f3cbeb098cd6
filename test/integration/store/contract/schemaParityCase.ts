import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import type { PgJournalStore } from '../../../../src/store/pg/openPgJournal.ts'
import { openJournal } from '../../../../src/store/sqlite/openJournal.ts'
import type { ContractBackend } from './contractBackends.ts'

type Shape = { tables: Record<string, string[]>; indexes: string[] }

function sqliteShape(): Shape {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-schema-'))
  try {
    const path = join(dir, 'journal.sqlite')
    openJournal(path).close()
    const db = new Database(path, { readonly: true })
    const names = db
      .prepare<[], { name: string; type: string }>(
        `SELECT name, type FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .all()
    const tables: Record<string, string[]> = {}
    for (const { name } of names.filter((n) => n.type === 'table')) {
      tables[name] = db
        .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${name}')`)
        .all()
        .map((c) => c.name)
        .sort()
    }
    db.close()
    return { tables, indexes: names.filter((n) => n.type === 'index').map((n) => n.name) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The PostgreSQL schema has SQLite's tables, columns and indexes (plus what it adds, named). */
export function schemaParityCase(backend: ContractBackend): void {
  test('default: the PostgreSQL migrations produce SQLite’s tables, columns and indexes, plus intents.seq, wallet_leases and the cluster tables', async () => {
    const { store } = await backend.open()
    const db = (store as PgJournalStore).db
    const columns = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely_%'`.execute(db)
    const tables: Record<string, string[]> = {}
    for (const row of columns.rows) {
      tables[row.table_name] = [...(tables[row.table_name] ?? []), row.column_name]
    }
    for (const list of Object.values(tables)) list.sort()
    const indexes = await sql<{ indexname: string }>`
      SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`.execute(db)

    const sqlite = sqliteShape()
    const {
      wallet_leases: leases,
      cluster_instances: instances,
      strategy_slots: slots,
      kill_switch: killSwitch,
      cluster_alerts: alerts,
      ...mirrored
    } = tables
    expect(mirrored).toEqual({
      ...sqlite.tables,
      intents: [...sqlite.tables.intents!, 'seq'].sort(),
    })
    expect(leases).toEqual(['acquired_at', 'address', 'chain_id', 'expires_at', 'holder', 'token'])
    expect(instances).toEqual(['host', 'id', 'lease_ttl_ms', 'pid', 'seen_at', 'started_at'])
    expect(slots).toEqual(['claimed_at', 'holder', 'slot_ms', 'strategy'])
    expect(killSwitch).toEqual(['by_whom', 'id', 'reason', 'since'])
    expect(alerts).toEqual(['instance', 'key', 'kind', 'window_start_ms'])
    expect(indexes.rows.map((r) => r.indexname)).toEqual(expect.arrayContaining(sqlite.indexes))
  })
}
