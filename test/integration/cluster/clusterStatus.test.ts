import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createClusterMember } from '../../../src/engine/cluster/createClusterMember.ts'
import { groupWallets } from '../../../src/engine/cluster/groupWallets.ts'
import { openPgJournal, type PgJournalStore } from '../../../src/store/pg/openPgJournal.ts'
import { runFerryInProcess } from '../../helpers/runFerryInProcess.ts'
import { startTestPostgres, type TestPostgres } from '../../helpers/startTestPostgres.ts'

let server: TestPostgres
let store: PgJournalStore

beforeAll(async () => {
  server = await startTestPostgres()
  store = await openPgJournal(server.url)
}, 60_000)
afterAll(async () => {
  await store?.close()
  await server?.stop()
})

describe('ferry cluster status', () => {
  test('default: instances with their lag and wallets, leases with holder, token and expiry', async () => {
    const groups = groupWallets([
      {
        id: 'a',
        wallets: [{ chainId: 42161, address: '0x00000000000000000000000000000000000000aa' }],
      },
      {
        id: 'b',
        wallets: [{ chainId: 8453, address: '0x00000000000000000000000000000000000000aa' }],
      },
    ])
    const one = createClusterMember({
      store,
      id: 'ferry-1',
      host: 'h1',
      pid: 11,
      leaseTtlMs: 30_000,
      groups,
    })
    await one.turn()
    const gone = createClusterMember({
      store,
      id: 'ferry-2',
      host: 'h2',
      pid: 22,
      leaseTtlMs: 30_000,
      groups: [],
    })
    await gone.turn()
    await sql`UPDATE cluster_instances SET seen_at = now() - interval '1 hour' WHERE id = 'ferry-2'`.execute(
      store.db,
    )

    const human = await runFerryInProcess(['cluster', 'status'], { FERRY_JOURNAL_URL: server.url })
    expect(human.code).toBe(0)
    expect(human.stdout).toContain('1 of 2 instance(s) alive')
    expect(human.stdout).toMatch(/ferry-1\s+h1\s+11\s+alive\s+\S+ s\s+2/)
    expect(human.stdout).toMatch(/ferry-2\s+h2\s+22\s+gone/)
    expect(human.stdout).toMatch(/42161\s+0x0+aa\s+ferry-1\s+1\s+held\s+in \d/)
    expect(human.stdout).not.toContain('ferry-test') // the password

    const json = await runFerryInProcess(['cluster', 'status', '--json', '--journal', server.url])
    const status = JSON.parse(json.stdout)
    expect(status.leases).toHaveLength(2)
    expect(status.leases[0]).toMatchObject({
      holder: 'ferry-1',
      token: 1,
      state: 'held',
      holderAlive: true,
    })
    expect(status.instances.find((i: { id: string }) => i.id === 'ferry-2').lagMs).toBeGreaterThan(
      3_000_000,
    )
    await one.stop()
  })

  test('behavior: ferry history reads the shared journal from FERRY_JOURNAL_URL', async () => {
    await store.recordIntent({
      id: 'pg-intent-1',
      strategy: 'usdc',
      route: '42161->8453:USDC',
      params: { amountIn: 5n },
      notionalUsd: 12.5,
    })
    const run = await runFerryInProcess(['history', '--json'], { FERRY_JOURNAL_URL: server.url })
    expect(run.code, run.stderr).toBe(0)
    const rows = JSON.parse(run.stdout) as { intent?: { id: string }; id?: string }[]
    expect(JSON.stringify(rows)).toContain('pg-intent-1')
  })

  test('error: without a PostgreSQL journal it exits 2 and names the fix', async () => {
    const run = await runFerryInProcess(['cluster', 'status'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('FERRY_JOURNAL_URL')
    expect(run.stderr).not.toMatch(/\n\s+at /)
  })
})
