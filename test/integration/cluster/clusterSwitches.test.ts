import { sql } from 'kysely'
import { afterEach, describe, expect, test } from 'vitest'
import { createClusterMember } from '../../../src/engine/cluster/createClusterMember.ts'
import { createEngineCluster } from '../../../src/engine/cluster/createEngineCluster.ts'
import { groupWallets } from '../../../src/engine/cluster/groupWallets.ts'
import { tellUnheldWallets } from '../../../src/engine/cluster/tellUnheldWallets.ts'
import type { ClusterEvent } from '../../../src/observe/clusterEvents.ts'
import { openPgJournal, type PgJournalStore } from '../../../src/store/openPgJournal.ts'
import { readSharedKillSwitch, setSharedKillSwitch } from '../../../src/store/sharedKillSwitch.ts'
import { useTestPostgres } from '../../helpers/useTestPostgres.ts'

const postgres = useTestPostgres('switches')
const stores: PgJournalStore[] = []
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close()
})

async function three(): Promise<PgJournalStore[]> {
  const url = await postgres.freshDatabase()
  for (let i = 0; i < 3; i++) stores.push(await openPgJournal(url))
  return stores
}

const groups = groupWallets([{ id: 's1', wallets: [{ chainId: 1, address: '0x01' }] }])

describe('the cluster-wide kill switch and cluster-level alerts (docs/architecture.md §5)', () => {
  test('behavior: the kill switch engaged in the database is seen by every instance at its next tick, and released the same way', async () => {
    const [a, b, c] = await three()
    const engines = [a!, b!, c!].map((store, i) => {
      const member = createClusterMember({
        store,
        id: `m${i}`,
        host: 'h',
        pid: i,
        leaseTtlMs: 60_000,
        groups,
      })
      return createEngineCluster(
        member,
        () => {},
        async () => (await readSharedKillSwitch(store)).engaged,
      )
    })
    const tick = () => Promise.all(engines.map((e) => e.select([], Date.now())))
    await tick()
    expect(engines.map((e) => e.killSwitchEngaged())).toEqual([false, false, false])
    expect(await setSharedKillSwitch(a!, true, { by: 'ops@host', reason: 'incident  7' })).toBe(
      true,
    )
    // Idempotent: the first time and reason stay.
    expect(await setSharedKillSwitch(b!, true, { by: 'other', reason: 'later' })).toBe(false)
    await tick()
    expect(engines.map((e) => e.killSwitchEngaged())).toEqual([true, true, true])
    expect((await readSharedKillSwitch(c!)).note).toMatch(
      /^kill switch on since \S+Z by ops@host: incident 7$/,
    )
    expect(await setSharedKillSwitch(c!, false, { by: 'ops', reason: '' })).toBe(true)
    await tick()
    expect(engines.map((e) => e.killSwitchEngaged())).toEqual([false, false, false])
  })

  test('behavior: a wallet without a holder is told once per cluster and window, not once per instance', async () => {
    const all = await three()
    const events: ClusterEvent[] = []
    // Every instance sees the same orphan in the same turn round.
    const tell = (store: PgJournalStore, i: number, windowMs: number) =>
      tellUnheldWallets({
        store,
        instance: `m${i}`,
        orphaned: groups,
        leases: new Map(),
        dbNowMs: Date.now(),
        windowMs,
        emit: (e) => events.push(e),
      })
    await Promise.all(all.map((store, i) => tell(store, i, 3_600_000)))
    expect(events.filter((e) => e.type === 'walletUnheld')).toHaveLength(1)
    await Promise.all(all.map((store, i) => tell(store, i, 3_600_000)))
    expect(events.filter((e) => e.type === 'walletUnheld')).toHaveLength(1)
    // The window passes (its claim is an hour older): told again, once.
    await sql`UPDATE cluster_alerts SET window_start_ms = window_start_ms - 3600000`.execute(
      all[0]!.db,
    )
    await Promise.all(all.map((store, i) => tell(store, i, 3_600_000)))
    expect(events.filter((e) => e.type === 'walletUnheld')).toHaveLength(2)
  })
})
