import { setTimeout as delay } from 'node:timers/promises'
import { afterEach, describe, expect, test } from 'vitest'
import { createPreSignGuard } from '../../../src/engine/createPreSignGuard.ts'
import { acquireWalletLease } from '../../../src/store/cluster/acquireWalletLease.ts'
import { openPgJournal, type PgJournalStore } from '../../../src/store/pg/openPgJournal.ts'
import { useTestPostgres } from '../../helpers/useTestPostgres.ts'
import { evmAttempt } from './contract/contractFixtures.ts'

/** The in-flight cap the three processes race against, USD, and what each intent is worth. */
const CAP_USD = 100
const INTENT_USD = 40

const postgres = useTestPostgres('caps')
const stores: PgJournalStore[] = []
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close()
})

describe('caps across processes on one PostgreSQL journal (docs/architecture.md §5)', () => {
  test('behavior: three processes race intents against one in-flight cap: the guards run one at a time cluster-wide and what they sign sums to at most the cap', async () => {
    const url = await postgres.freshDatabase()
    for (let i = 0; i < 3; i++) stores.push(await openPgJournal(url, { leaseTtlMs: 10_000 }))
    const guarded: { from: number; to: number }[] = []
    const signed: string[] = []

    /** One process's intent `id`, from its own wallet: journaled, then the guarded write-ahead. */
    async function race(store: PgJournalStore, p: number, n: number): Promise<void> {
      const id = `p${p}-${n}`
      const from = `0x${String(p + 1).repeat(40)}`
      await store.recordIntent({
        id,
        strategy: `s${p}`,
        route: 'r',
        params: {},
        notionalUsd: INTENT_USD,
      })
      const lease = await acquireWalletLease(store, {
        chainId: 42161,
        address: from,
        holder: `P${p}`,
        ttlMs: 60_000,
      })
      const check = createPreSignGuard({
        journal: store,
        nowMs: Date.now(),
        route: 'r',
        // The engine's in-flight cap: every other open intent, plus this one.
        check(totals) {
          const others = totals.inFlight.filter((x) => x.id !== id)
          const usd = others.reduce((sum, x) => sum + x.notionalUsd, 0)
          if (usd + INTENT_USD > CAP_USD) throw new Error(`over the cap: ${usd} in flight`)
        },
      })
      const attempt = {
        ...evmAttempt(id, n),
        from,
        hash: `0x${(p * 100 + n).toString(16).padStart(64, '0')}`,
      }
      try {
        await store.recordSignedAttempt({
          ...attempt,
          lease: { holder: `P${p}`, token: lease.token },
          async guard() {
            const span = { from: performance.now(), to: Number.POSITIVE_INFINITY }
            guarded.push(span)
            // A slow read: without one lock over every process, the guards would overlap here.
            try {
              await delay(20)
              await check()
            } finally {
              span.to = performance.now()
            }
          },
        })
        signed.push(id)
      } catch {
        // Refused before signing: the intent ends, as the engine ends it, and frees its share.
        await store.setIntentState(id, 'failed', 'riskRecheck')
      }
    }

    await Promise.all(
      stores.map(async (store, p) => {
        for (let n = 0; n < 4; n++) await race(store, p, n)
      }),
    )
    // Every guard ran alone: no two of the three processes' checks overlapped.
    const spans = [...guarded].sort((a, b) => a.from - b.from)
    for (let i = 1; i < spans.length; i++) {
      expect(spans[i]!.from).toBeGreaterThanOrEqual(spans[i - 1]!.to)
    }
    expect(guarded).toHaveLength(12)
    // Nothing signed ever ended: the signed intents are all still in flight, within the cap.
    expect(signed.length * INTENT_USD).toBeLessThanOrEqual(CAP_USD)
    expect(signed.length).toBeGreaterThan(0)
    const inFlight = (await stores[0]!.status()).inFlight
    expect(inFlight.reduce((sum, x) => sum + x.notionalUsd, 0)).toBeLessThanOrEqual(CAP_USD)
  })
})
