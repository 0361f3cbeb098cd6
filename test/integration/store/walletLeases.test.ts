import { setTimeout as delay } from 'node:timers/promises'
import { sql } from 'kysely'
import { afterEach, describe, expect, test } from 'vitest'
import { createManualClock } from '../../../src/common/clock.ts'
import { acquireWalletLease } from '../../../src/store/cluster/acquireWalletLease.ts'
import { LeaseHeldError } from '../../../src/store/cluster/LeaseHeldError.ts'
import { releaseWalletLease } from '../../../src/store/cluster/releaseWalletLease.ts'
import { renewWalletLease } from '../../../src/store/cluster/renewWalletLease.ts'
import { LeaseLostError } from '../../../src/store/contract/LeaseLostError.ts'
import { openPgJournal, type PgJournalStore } from '../../../src/store/pg/openPgJournal.ts'
import { useTestPostgres } from '../../helpers/useTestPostgres.ts'
import { evmAttempt, FROM } from './contract/contractFixtures.ts'

const WALLET = { chainId: 42161, address: FROM }

const postgres = useTestPostgres('leases')
const stores: PgJournalStore[] = []

afterEach(async () => {
  for (const store of stores.splice(0)) await store.close()
})

/** A fresh database and `count` stores on it, each its own pool: `count` ferry processes. */
async function processes(count: number): Promise<PgJournalStore[]> {
  const url = await postgres.freshDatabase()
  // The injected clock stands a year ahead: lease expiry must not read it.
  const clock = createManualClock(Date.now() + 365 * 86_400_000)
  const opened = await Promise.all(
    Array.from({ length: count }, () => openPgJournal(url, { clock })),
  )
  stores.push(...opened)
  return opened
}

/** Waits until the wallet's lease has expired by the database's clock (polls the database). */
async function untilExpired(store: PgJournalStore): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ expired: boolean }>`
      SELECT expires_at <= now() AS expired FROM wallet_leases
      WHERE chain_id = ${WALLET.chainId} AND address = ${FROM.toLowerCase()}`.execute(store.db)
    if (rows[0]?.expired) return
    await delay(20)
  }
}

/**
 * Waits until a statement of this database waits on a row lock (polls pg_stat_activity), or
 * until `gaveUp()` says the statement finished without waiting.
 */
async function untilWaitingOnLock(store: PgJournalStore, gaveUp: () => boolean): Promise<void> {
  while (!gaveUp()) {
    const { rows } = await sql<{ waiting: number }>`
      SELECT COUNT(*) AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(store.db)
    if ((rows[0]?.waiting ?? 0) > 0) return
    await delay(20)
  }
}

/** Sets the wallet's lease expiry in the past through SQL, as a long pause of its holder would. */
async function expireNow(store: PgJournalStore): Promise<void> {
  await sql`UPDATE wallet_leases SET expires_at = now() - interval '1 second'`.execute(store.db)
}

async function intent(store: PgJournalStore, id: string): Promise<void> {
  await store.recordIntent({ id, strategy: 's', route: 'r', params: {}, notionalUsd: 1 })
}

describe('wallet leases with fencing on PostgreSQL', () => {
  test('default: two processes racing for one wallet: exactly one wins, the other is told who holds it', async () => {
    const [a, b] = await processes(2)
    for (const chainId of [1, 10, 137, 8453, 42161]) {
      const results = await Promise.allSettled([
        acquireWalletLease(a!, { chainId, address: FROM, holder: 'A', ttlMs: 60_000 }),
        acquireWalletLease(b!, { chainId, address: FROM, holder: 'B', ttlMs: 60_000 }),
      ])
      const won = results.filter((r) => r.status === 'fulfilled')
      const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []))
      expect(won).toHaveLength(1)
      expect(won[0]!.value.token).toBe(1)
      expect(lost).toHaveLength(1)
      expect(lost[0]).toBeInstanceOf(LeaseHeldError)
      const held = lost[0] as LeaseHeldError
      expect(held.holder).toBe(results[0]!.status === 'fulfilled' ? 'A' : 'B')
      expect(held.metaMessages).toContain(`wallet: ${FROM.toLowerCase()}`)
      expect(held.expiresAtMs).toBe(won[0]!.value.expiresAtMs)
    }
  })

  test('behavior: a takeover comes only after expiry by the database clock and bumps the token; renewal keeps it', async () => {
    const [a, b] = await processes(2)
    const first = await acquireWalletLease(a!, { ...WALLET, holder: 'A', ttlMs: 300 })
    // Re-acquiring while held is idempotent: same token.
    expect((await acquireWalletLease(a!, { ...WALLET, holder: 'A', ttlMs: 300 })).token).toBe(
      first.token,
    )
    await expect(
      acquireWalletLease(b!, { ...WALLET, holder: 'B', ttlMs: 60_000 }),
    ).rejects.toBeInstanceOf(LeaseHeldError)
    await untilExpired(a!)
    const taken = await acquireWalletLease(b!, { ...WALLET, holder: 'B', ttlMs: 60_000 })
    expect(taken.token).toBe(first.token + 1)
    const renewed = await renewWalletLease(b!, {
      ...WALLET,
      holder: 'B',
      token: taken.token,
      ttlMs: 120_000,
    })
    expect(renewed.token).toBe(taken.token)
    expect(renewed.expiresAtMs).toBeGreaterThan(taken.expiresAtMs)
    const lost = renewWalletLease(a!, { ...WALLET, holder: 'A', token: first.token, ttlMs: 300 })
    await expect(lost).rejects.toBeInstanceOf(LeaseLostError)
    await expect(lost).rejects.toMatchObject({ seen: { holder: 'B', token: taken.token } })
  })

  test('behavior: a release hands the wallet over at once, and the token still only grows', async () => {
    const [a, b] = await processes(2)
    const first = await acquireWalletLease(a!, { ...WALLET, holder: 'A', ttlMs: 60_000 })
    expect(await releaseWalletLease(a!, { ...WALLET, holder: 'A', token: first.token })).toBe(true)
    expect(await releaseWalletLease(a!, { ...WALLET, holder: 'A', token: first.token })).toBe(false)
    const second = await acquireWalletLease(b!, { ...WALLET, holder: 'B', ttlMs: 60_000 })
    expect(second.token).toBe(first.token + 1)
    await expect(
      renewWalletLease(a!, { ...WALLET, holder: 'A', token: first.token, ttlMs: 60_000 }),
    ).rejects.toBeInstanceOf(LeaseLostError)
  })

  test('behavior: fencing: a holder whose lease expired and was taken over cannot write ahead, and nothing is inserted', async () => {
    const [a, b] = await processes(2)
    await intent(a!, 'i1')
    const leaseA = await acquireWalletLease(a!, { ...WALLET, holder: 'A', ttlMs: 60_000 })
    await a!.recordSignedAttempt({
      ...evmAttempt('i1', 0),
      lease: { holder: 'A', token: leaseA.token },
    })
    // A pauses (SIGSTOP, GC, partition) past its lease; B takes the wallet over.
    await expireNow(a!)
    const leaseB = await acquireWalletLease(b!, { ...WALLET, holder: 'B', ttlMs: 60_000 })
    expect(leaseB.token).toBe(leaseA.token + 1)
    const late = a!.recordSignedAttempt({
      ...evmAttempt('i1', 1),
      lease: { holder: 'A', token: leaseA.token },
    })
    await expect(late).rejects.toBeInstanceOf(LeaseLostError)
    await expect(late).rejects.toMatchObject({
      shortMessage: `the lease of wallet ${FROM.toLowerCase()} on chain 42161 is no longer held by A`,
      seen: { holder: 'B', token: leaseB.token },
    })
    // A replay of bytes A journaled before is no licence to send them either.
    await expect(
      a!.recordSignedAttempt({
        ...evmAttempt('i1', 0),
        lease: { holder: 'A', token: leaseA.token },
      }),
    ).rejects.toBeInstanceOf(LeaseLostError)
    // B's stale token, or A's name with B's token, is refused too.
    await expect(
      b!.recordSignedAttempt({
        ...evmAttempt('i1', 1),
        lease: { holder: 'A', token: leaseB.token },
      }),
    ).rejects.toBeInstanceOf(LeaseLostError)
    expect((await b!.attemptsOf('i1')).map((x) => x.nonce)).toEqual([0])
    expect(await b!.getAttempt(evmAttempt('i1', 1).hash)).toBeUndefined()
    // Nothing of A's refused write moved the earlier attempt either.
    expect((await b!.getAttempt(evmAttempt('i1', 0).hash))?.state).toBe('signed')
    const mine = await b!.recordSignedAttempt({
      ...evmAttempt('i1', 1),
      lease: { holder: 'B', token: leaseB.token },
    })
    expect(mine.nonce).toBe(1)
  })

  test('behavior: a fenced write-ahead waits for a takeover in flight, then is refused by it', async () => {
    const [a] = await processes(1)
    await intent(a!, 'i1')
    const lease = await acquireWalletLease(a!, { ...WALLET, holder: 'A', ttlMs: 60_000 })
    await a!.db.connection().execute(async (takeover) => {
      // Another process's takeover, caught between its update and its commit.
      await sql`BEGIN`.execute(takeover)
      await sql`UPDATE wallet_leases SET holder = 'B', token = token + 1`.execute(takeover)
      const late = a!.recordSignedAttempt({
        ...evmAttempt('i1', 0),
        lease: { holder: 'A', token: lease.token },
      })
      let settled = false
      const settle = (): void => {
        settled = true
      }
      late.then(settle, settle)
      // Unlocked, the insert would read the committed row (still A's) and go through at once.
      await untilWaitingOnLock(a!, () => settled)
      await sql`COMMIT`.execute(takeover)
      await expect(late).rejects.toBeInstanceOf(LeaseLostError)
    })
    expect(await a!.attemptsOf('i1')).toEqual([])
  })

  test('behavior: the shared journal refuses a write-ahead without a lease', async () => {
    const [a] = await processes(1)
    await intent(a!, 'i1')
    await expect(a!.recordSignedAttempt(evmAttempt('i1', 0))).rejects.toThrow(
      'a signed attempt on the shared journal needs the wallet lease',
    )
    // A lease of another wallet does not cover this one.
    const other = await acquireWalletLease(a!, {
      chainId: 1,
      address: FROM,
      holder: 'A',
      ttlMs: 60_000,
    })
    await expect(
      a!.recordSignedAttempt({
        ...evmAttempt('i1', 0),
        lease: { holder: 'A', token: other.token },
      }),
    ).rejects.toBeInstanceOf(LeaseLostError)
    expect(await a!.attemptsOf('i1')).toEqual([])
  })

  test('behavior: a database restart between acquire and insert: the pool reconnects and the live holder writes ahead', async () => {
    const [a] = await processes(1)
    await intent(a!, 'i1')
    const lease = await acquireWalletLease(a!, { ...WALLET, holder: 'A', ttlMs: 120_000 })
    await postgres.server().restart()
    const record = await a!.recordSignedAttempt({
      ...evmAttempt('i1', 0),
      lease: { holder: 'A', token: lease.token },
    })
    expect(record.state).toBe('signed')
    expect(await a!.attemptsOf('i1')).toEqual([record])
    const renewed = await renewWalletLease(a!, {
      ...WALLET,
      holder: 'A',
      token: lease.token,
      ttlMs: 1,
    })
    expect(renewed.token).toBe(lease.token)
  })
})
