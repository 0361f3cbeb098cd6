import { setTimeout as delay } from 'node:timers/promises'
import { sql } from 'kysely'
import pg from 'pg'
import { afterEach, describe, expect, test } from 'vitest'
import { createClusterMember } from '../../../src/engine/cluster/createClusterMember.ts'
import { groupWallets } from '../../../src/engine/cluster/groupWallets.ts'
import type { ClusterEvent } from '../../../src/observe/clusterEvents.ts'
import { acquireWalletLease } from '../../../src/store/cluster/acquireWalletLease.ts'
import { openPgJournal, type PgJournalStore } from '../../../src/store/pg/openPgJournal.ts'
import { pgSessionSettings } from '../../../src/store/pg/pgSessionSettings.ts'
import { useTestPostgres } from '../../helpers/useTestPostgres.ts'
import { FROM } from './contract/contractFixtures.ts'

/** The cluster TTL the pools are opened with: locks wait 500 ms, idle transactions live 1 s. */
const TTL_MS = 2_000
const WALLET = { chainId: 42161, address: FROM }

const postgres = useTestPostgres('bounds')
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function open(url: string, leaseTtlMs?: number): Promise<PgJournalStore> {
  const store = await openPgJournal(url, leaseTtlMs === undefined ? {} : { leaseTtlMs })
  closers.push(() => store.close())
  return store
}

/** A raw session, as another process's would be, with `settings` as its startup parameters. */
async function session(url: string, settings: object = {}): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, ...settings })
  // The server cutting it (the idle-in-transaction timeout) is what some tests wait for.
  client.on('error', () => {})
  await client.connect()
  closers.push(() => client.end().catch(() => {}))
  return client
}

/** Holds the wallet's lease row as a frozen holder would: a transaction left open by its client. */
async function freezeOnLeaseRow(client: pg.Client, mode: 'SHARE' | 'UPDATE'): Promise<void> {
  await client.query('BEGIN')
  await client.query(`SELECT 1 FROM wallet_leases FOR ${mode}`)
}

describe('what bounds a failover on PostgreSQL (docs/architecture.md §5)', () => {
  test('default: a cluster pool cuts lock waits at a quarter TTL, statements and idle transactions at half, and still migrates', async () => {
    const store = await open(await postgres.freshDatabase(), TTL_MS)
    const show = async (name: string) =>
      (await sql<Record<string, string>>`SHOW ${sql.raw(name)}`.execute(store.db)).rows[0]![name]
    expect(await show('lock_timeout')).toBe('500ms')
    expect(await show('statement_timeout')).toBe('1s')
    expect(await show('idle_in_transaction_session_timeout')).toBe('1s')
    expect(await show('tcp_keepalives_count')).toBe('3')
    // Without a TTL (the CLI's reads and copies) nothing is cut.
    const plain = await open(await postgres.freshDatabase())
    expect(
      (await sql<{ lock_timeout: string }>`SHOW lock_timeout`.execute(plain.db)).rows[0],
    ).toEqual({ lock_timeout: '0' })
  })

  test('behavior: a holder frozen on its lease row in an open transaction is cut at half the TTL; the taker waits no longer, and its expiry counts from when it got the row', async () => {
    const url = await postgres.freshDatabase()
    const taker = await open(url)
    await acquireWalletLease(taker, { ...WALLET, holder: 'A', ttlMs: 300 })
    // A's session as a cluster pool opens it, frozen (SIGSTOP, partition) with the row locked.
    const frozen = await session(url, pgSessionSettings(TTL_MS))
    const frozenAtMs = Date.now()
    await freezeOnLeaseRow(frozen, 'SHARE')
    await delay(400)
    // B's takeover (a pool with no lock_timeout of its own) waits on the frozen holder...
    const lease = await acquireWalletLease(taker, { ...WALLET, holder: 'B', ttlMs: 60_000 })
    const tookMs = Date.now()
    // ...only until the server cut the frozen session (1 s), never until it wakes.
    expect(tookMs - frozenAtMs).toBeLessThan(TTL_MS)
    await expect(frozen.query('SELECT 1')).rejects.toThrow()
    // The expiry counts from when B got the row, not from its statement's start 0.6 s earlier.
    expect(lease.expiresAtMs).toBeGreaterThanOrEqual(tookMs + 60_000 - 250)
  })

  test('behavior: on a cluster pool a lease acquire gives up waiting at a quarter TTL; the next turn tries again', async () => {
    const url = await postgres.freshDatabase()
    const store = await open(url, TTL_MS)
    await acquireWalletLease(store, { ...WALLET, holder: 'A', ttlMs: 60_000 })
    const holder = await session(url)
    await freezeOnLeaseRow(holder, 'UPDATE')
    const startedMs = Date.now()
    await expect(
      acquireWalletLease(store, { ...WALLET, holder: 'B', ttlMs: TTL_MS }),
    ).rejects.toThrow(/lock timeout/)
    expect(Date.now() - startedMs).toBeLessThan(TTL_MS)
    await holder.query('ROLLBACK')
  })

  test('behavior: the heartbeat goes on while the lease turn waits on a lock, and a held group lapses by the member’s own clock, told', async () => {
    const url = await postgres.freshDatabase()
    const store = await open(url, TTL_MS)
    const events: ClusterEvent[] = []
    const member = createClusterMember({
      store,
      id: 'm1',
      host: 'test',
      pid: 1,
      leaseTtlMs: TTL_MS,
      groups: groupWallets([{ id: 's1', wallets: [WALLET] }]),
      emit: (e) => events.push(e),
    })
    await member.start()
    closers.push(() => member.stop())
    expect(member.runs('s1')).toBe(true)
    const seenAt = async () =>
      Number(
        (
          await sql<{ ms: number }>`
            SELECT (extract(epoch from seen_at) * 1000)::bigint AS ms FROM cluster_instances`.execute(
            store.db,
          )
        ).rows[0]!.ms,
      )
    // Another session locks the lease table (as a stuck database would be to this member): every
    // renewal now waits and gives up, and none can learn the lease is gone.
    const holder = await session(url)
    await holder.query('BEGIN')
    await holder.query('LOCK TABLE wallet_leases IN ACCESS EXCLUSIVE MODE')
    const before = await seenAt()
    await delay(TTL_MS + 500)
    expect(await seenAt()).toBeGreaterThan(before + TTL_MS / 2)
    // No renewal came back within the TTL: the member stops running the group and says so.
    expect(member.runs('s1')).toBe(false)
    expect(member.leaseFor(WALLET.chainId, WALLET.address)).toBeUndefined()
    expect(events).toContainEqual(expect.objectContaining({ type: 'lease', change: 'lapsed' }))
    await holder.query('ROLLBACK')
  })
})
