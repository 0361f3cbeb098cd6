import { sql } from 'kysely'
import { afterEach, describe, expect, test } from 'vitest'
import {
  type ClusterMember,
  createClusterMember,
} from '../../../src/engine/cluster/createClusterMember.ts'
import { groupWallets, type WalletGroup } from '../../../src/engine/cluster/groupWallets.ts'
import type { ClusterEvent } from '../../../src/observe/clusterEvents.ts'
import { pruneStrategySlots } from '../../../src/store/cluster/claimStrategySlots.ts'
import { openPgJournal, type PgJournalStore } from '../../../src/store/pg/openPgJournal.ts'
import { useTestPostgres } from '../../helpers/useTestPostgres.ts'

const TTL_MS = 60_000
const groups = groupWallets(
  ['0x01', '0x02', '0x03', '0x04', '0x05', '0x06'].map((address, i) => ({
    id: `s${i + 1}`,
    wallets: [{ chainId: 42161, address }],
  })),
)

const postgres = useTestPostgres('cluster')
const stores: PgJournalStore[] = []
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close()
})

type Member = ClusterMember & { events: ClusterEvent[]; acquired: WalletGroup[] }

/** `names.length` processes on a fresh database, each its own pool and member, not started. */
async function cluster(names: string[]): Promise<{ members: Member[]; db: PgJournalStore }> {
  const url = await postgres.freshDatabase()
  const members: Member[] = []
  for (const [i, id] of names.entries()) {
    const store = await openPgJournal(url)
    stores.push(store)
    const events: ClusterEvent[] = []
    const acquired: WalletGroup[] = []
    const member = createClusterMember({
      store,
      id,
      host: 'test',
      pid: 1000 + i,
      leaseTtlMs: TTL_MS,
      groups,
      onAcquired: async (group) => {
        acquired.push(group)
      },
      emit: (e) => events.push(e),
    })
    members.push(Object.assign(member, { events, acquired }))
  }
  return { members, db: stores[0]! }
}

/** Each member turns once, in order, `rounds` times. */
async function turns(members: readonly Member[], rounds = 1): Promise<void> {
  for (let r = 0; r < rounds; r++) for (const m of members) await m.turn()
}

const heldKeys = (m: Member) => m.heldGroups().map((g) => g.key)

describe('createClusterMember', () => {
  test('default: three instances share six wallet groups two by two, each group held once', async () => {
    const { members } = await cluster(['a', 'b', 'c'])
    await turns(members, 3)
    expect(members.map((m) => m.heldGroups().length)).toEqual([2, 2, 2])
    const all = members.flatMap(heldKeys)
    expect(new Set(all).size).toBe(6)
    for (const m of members) {
      for (const g of m.heldGroups()) expect(g.strategies.every((s) => m.runs(s))).toBe(true)
      expect(m.acquired.map((g) => g.key).sort()).toEqual(expect.arrayContaining(heldKeys(m)))
    }
    // A strategy runs on exactly one instance.
    for (const s of ['s1', 's2', 's3', 's4', 's5', 's6']) {
      expect(members.filter((m) => m.runs(s))).toHaveLength(1)
    }
  })

  test('behavior: a dead instance’s groups are taken over once its lease and heartbeat lapse, with new tokens', async () => {
    const { members, db } = await cluster(['a', 'b', 'c'])
    await turns(members, 3)
    const [a, b, c] = members as [Member, Member, Member]
    const orphaned = heldKeys(c)
    const oldToken = c.leaseFor(42161, c.heldGroups()[0]!.wallets[0]!.address)!.token
    // c dies: it stops turning. Its lease and heartbeat age past the TTL by the database clock.
    await sql`UPDATE wallet_leases SET expires_at = now() - interval '1 ms' WHERE holder = 'c'`.execute(
      db.db,
    )
    await sql`UPDATE cluster_instances SET seen_at = now() - interval '1 hour' WHERE id = 'c'`.execute(
      db.db,
    )
    await turns([a, b], 2)
    expect([...heldKeys(a), ...heldKeys(b)].sort()).toEqual(groups.map((g) => g.key).sort())
    const taker = [a, b].find((m) => heldKeys(m).includes(orphaned[0]!))!
    expect(taker.acquired.map((g) => g.key)).toContain(orphaned[0])
    const wallet = groups.find((g) => g.key === orphaned[0])!.wallets[0]!
    expect(taker.leaseFor(wallet.chainId, wallet.address)!.token).toBe(oldToken + 1)
    // c wakes: its renewal is refused, it gives the groups up and runs nothing.
    await c.turn()
    expect(c.events).toContainEqual(expect.objectContaining({ type: 'lease', change: 'lost' }))
    expect(c.heldGroups().length).toBeLessThanOrEqual(2)
    for (const s of groups.find((g) => g.key === orphaned[0])!.strategies) {
      expect(c.runs(s)).toBe(false)
    }
  })

  test('behavior: a schedule slot is claimed by exactly one of racing instances', async () => {
    const { members } = await cluster(['a', 'b', 'c'])
    const slot = (slotMs: number) => [{ strategy: 's1', slotMs }]
    const claims = await Promise.all(members.map((m) => m.claimSlots(slot(60_000))))
    expect(claims.filter((won) => won.has('s1'))).toHaveLength(1)
    expect((await members[0]!.claimSlots(slot(120_000))).has('s1')).toBe(true)
  })

  test('behavior: pruning forgets old claims but keeps each strategy’s latest and the last hour’s', async () => {
    const { members, db } = await cluster(['a'])
    const nowMs = Date.now()
    const [a] = members as [Member]
    await a.claimSlots([
      { strategy: 's1', slotMs: nowMs - 7_200_000 },
      { strategy: 's1', slotMs: nowMs - 60_000 },
      { strategy: 's2', slotMs: nowMs - 86_400_000 },
    ])
    await pruneStrategySlots(db)
    const { rows } = await sql<{ strategy: string; slot_ms: number }>`
      SELECT strategy, slot_ms FROM strategy_slots ORDER BY strategy, slot_ms`.execute(db.db)
    expect(rows).toEqual([
      { strategy: 's1', slot_ms: nowMs - 60_000 },
      { strategy: 's2', slot_ms: nowMs - 86_400_000 },
    ])
  })

  test('behavior: a clean stop releases its leases and leaves, so the others take over at their next turn', async () => {
    const { members } = await cluster(['a', 'b'])
    await turns(members, 3)
    const [a, b] = members as [Member, Member]
    expect(b.heldGroups().length).toBeGreaterThan(0)
    await b.stop()
    expect(b.events).toContainEqual(expect.objectContaining({ type: 'lease', change: 'released' }))
    await a.turn()
    expect(a.heldGroups()).toHaveLength(6)
  })

  test('edge: an orphaned wallet (held once, free for longer than the TTL) is reported', async () => {
    const { members, db } = await cluster(['a'])
    const [a] = members as [Member]
    await a.turn()
    await sql`UPDATE wallet_leases SET holder = 'gone', expires_at = now() - interval '2 minutes'`.execute(
      db.db,
    )
    const heldBefore = a.heldGroups().length
    await a.turn()
    expect(heldBefore).toBe(6)
    expect(a.events.filter((e) => e.type === 'walletUnheld')).toHaveLength(6)
  })
})
