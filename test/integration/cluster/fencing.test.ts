import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { openPgJournal } from '../../../src/store/pg/openPgJournal.ts'
import {
  holdsLease,
  leaseEvents,
  processState,
  startClusterInstance,
  useClusterWorld,
  waitUntil,
  writeClusterConfig,
} from '../../helpers/startFerryCluster.ts'

const LEASE_TTL_MS = 2_000
const user = devnetEvmAccount('user')
const world = useClusterWorld()

/** The wallet's transaction count on every devnet chain: anything sent from it moves one. */
async function nonces(): Promise<number[]> {
  return Promise.all(
    world.devnet.evm.map((c) => c.client.getTransactionCount({ address: user.address })),
  )
}

describe('fencing: a paused instance that lost its lease cannot send', () => {
  test('error: woken after another took its wallets over, its write-ahead insert is refused by the database and nothing reaches the chain', async () => {
    const config = writeClusterConfig(world.devnet, LEASE_TTL_MS)
    const noncesBefore = await nonces()
    // A pauses itself (SIGSTOP) right after journaling its first intent, before anything is signed.
    const a = startClusterInstance('A', config.path, world.pg.url, {
      FERRY_PAUSE_AT: 'afterIntentJournaled',
    })
    // B, the taker, may reconcile and track but start nothing: its own kill switch is on. A's is
    // off, so only the fence can stop A's paused intent.
    const bConfig = `${config.dir}/b.yaml`
    writeFileSync(bConfig, readFileSync(config.path, 'utf8').replace('cluster.kill', 'b.kill'))
    writeFileSync(`${config.dir}/b.kill`, 'fencing test: B starts nothing\n')
    let b: ReturnType<typeof startClusterInstance> | undefined
    try {
      await waitUntil(
        'A to pause holding the lease',
        () => (holdsLease(a) && a.pid !== undefined && processState(a.pid) === 'T') || undefined,
        60_000,
      )
      b = startClusterInstance('B', bConfig, world.pg.url)
      // Its tick's writes are one open transaction, frozen with it: the intent is known by its event.
      const paused = { id: a.events.find((e) => e.type === 'intent')!.intentId as string }
      const takenMs = Date.now()
      await waitUntil('B to take the wallets over', () => holdsLease(b!) || undefined, 30_000)
      const aToken = leaseEvents(a).find((e) => e.change === 'acquired')!.token as number
      const bToken = leaseEvents(b).find((e) => e.change === 'acquired')!.token as number
      expect(bToken).toBeGreaterThan(aToken)
      expect(Date.now() - takenMs).toBeLessThan(30_000)

      a.kill('SIGCONT')
      const end = await waitUntil(
        'A to end its paused intent',
        () => a.events.find((e) => e.type === 'terminal' && e.intentId === paused!.id),
        30_000,
      )
      // Refused by the fenced insert: A presents its old token, the database holds B's.
      expect(end.state).toBe('failed')
      expect(String(end.detail)).toContain('is no longer held by')
      const journal = await openPgJournal(world.pg.url)
      const [history] = await journal.history({ intentId: paused.id })
      await journal.close()
      expect(history?.intent.state).toBe('failed')
      expect(history?.attempts).toEqual([])
      expect(await nonces()).toEqual(noncesBefore)
    } finally {
      a.kill('SIGCONT')
      a.kill('SIGTERM')
      b?.kill('SIGTERM')
      await Promise.all([a.exited, b?.exited])
    }
  }, 120_000)
})
