import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, test } from 'vitest'
import { registerKillCommand } from '../../../src/cli/commands/registerKillCommand.ts'
import { createClusterMember } from '../../../src/engine/cluster/createClusterMember.ts'
import { createEngineCluster } from '../../../src/engine/cluster/createEngineCluster.ts'
import { groupWallets } from '../../../src/engine/cluster/groupWallets.ts'
import { tellUnheldWallets } from '../../../src/engine/cluster/tellUnheldWallets.ts'
import type { ClusterEvent } from '../../../src/observe/clusterEvents.ts'
import {
  readSharedKillSwitch,
  setSharedKillSwitch,
} from '../../../src/store/cluster/sharedKillSwitch.ts'
import { openPgJournal, type PgJournalStore } from '../../../src/store/pg/openPgJournal.ts'
import { runCommandInProcess } from '../../helpers/runCommandInProcess.ts'
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

  test('behavior: ferry kill on|off with a shared journal throws the file and the cluster switch together; with the database down the file still holds and the run exits 1 saying the cluster switch did not change', async () => {
    const url = await postgres.freshDatabase()
    const dir = mkdtempSync(join(tmpdir(), 'ferry-kill-pg-'))
    const configPath = join(dir, 'ferry.yaml')
    writeFileSync(
      configPath,
      `risk:\n  killSwitchFile: stop.kill\njournal:\n  url: \${FERRY_JOURNAL_URL}\n`,
    )
    const kill = async (args: string[], journalUrl: string) => {
      const saved = process.env.FERRY_JOURNAL_URL
      process.env.FERRY_JOURNAL_URL = journalUrl
      try {
        return await runCommandInProcess(registerKillCommand, [
          'kill',
          ...args,
          '--config',
          configPath,
        ])
      } finally {
        if (saved === undefined) delete process.env.FERRY_JOURNAL_URL
        else process.env.FERRY_JOURNAL_URL = saved
      }
    }
    try {
      const on = await kill(['on', '--reason', 'drill', '--json'], url)
      expect(on.code, on.stderr).toBe(0)
      expect(JSON.parse(on.stdout)).toMatchObject({
        killSwitch: 'on',
        changed: true,
        cluster: { killSwitch: 'on', changed: true, note: expect.stringContaining(': drill') },
      })
      const store = await openPgJournal(url)
      stores.push(store)
      expect((await readSharedKillSwitch(store)).engaged).toBe(true)
      const off = await kill(['off'], url)
      expect(off.code, off.stderr).toBe(0)
      expect(off.stdout).toContain('cluster kill switch OFF')
      expect((await readSharedKillSwitch(store)).engaged).toBe(false)
      expect(existsSync(join(dir, 'stop.kill'))).toBe(false)
      // Nothing listens there: the file is engaged all the same, and the failure says what holds.
      const closed = new URL(url)
      closed.port = '1'
      // A JournalError: runCli exits 1 with it.
      await expect(kill(['on'], closed.toString())).rejects.toMatchObject({
        name: 'JournalError',
        shortMessage: 'the PostgreSQL journal cannot be reached: connection refused at 127.0.0.1:1',
      })
      expect(existsSync(join(dir, 'stop.kill'))).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
