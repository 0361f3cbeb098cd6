import { expect, test } from 'vitest'
import { JournalError } from '../../../../src/store/contract/JournalError.ts'
import type { RouteNotional } from '../../../../src/store/sqlite/createJournalQueries.ts'
import type { ContractBackend } from './contractBackends.ts'
import { HUGE, journalIntent } from './contractFixtures.ts'

const byRoute = (rows: RouteNotional[]) => [...rows].sort((a, b) => (a.route < b.route ? -1 : 1))

/** Take patches, the sliding notional window's changes and the dry-run window. */
export function patchAndWindowCases(backend: ContractBackend): void {
  test('behavior: a take patch counts once per larger subtrahend; a repeat or a smaller one changes nothing', async () => {
    const { store } = await backend.open()
    await journalIntent(store, 'i1')
    const orderId = `0x${'Cd'.repeat(32)}` as const
    const order = await store.recordOrder({
      orderId,
      intentId: 'i1',
      srcChainId: 42161,
      dstChainId: 8453,
    })
    expect(order).toMatchObject({ patches: 0, takeSubtrahend: undefined })
    expect(await store.recordOrderPatch(orderId, 100n)).toBe(1)
    expect(await store.recordOrderPatch(orderId.toLowerCase(), 100n)).toBe(1)
    expect(await store.recordOrderPatch(orderId, 50n)).toBe(1)
    expect(await store.recordOrderPatch(orderId, HUGE)).toBe(2)
    expect(await store.getOrder(orderId)).toMatchObject({ patches: 2, takeSubtrahend: HUGE })
    await expect(store.recordOrderPatch(`0x${'ef'.repeat(32)}`, 1n)).rejects.toThrow(JournalError)
  })

  test('behavior: notionalUsdChanges adds the intents journaled since a position and ages those the window left', async () => {
    const { store, clock } = await backend.open()
    const t0 = clock.nowMs()
    await journalIntent(store, 'a1', 'a', 100)
    await journalIntent(store, 'b1', 'b', 50)
    const first = await store.notionalUsdChanges(t0)
    expect(byRoute(first.added)).toEqual([
      { route: 'a', notionalUsd: 100, intents: 1 },
      { route: 'b', notionalUsd: 50, intents: 1 },
    ])
    expect(first.aged).toEqual([])

    clock.advanceMs(1_000)
    await journalIntent(store, 'a2', 'a', 10)
    const second = await store.notionalUsdChanges(t0 + 500, { through: first.through, sinceMs: t0 })
    expect(second.through).toBeGreaterThan(first.through)
    expect(second.added).toEqual([{ route: 'a', notionalUsd: 10, intents: 1 }])
    expect(byRoute(second.aged)).toEqual([
      { route: 'a', notionalUsd: 100, intents: 1 },
      { route: 'b', notionalUsd: 50, intents: 1 },
    ])
    const seen = { through: second.through, sinceMs: t0 + 500 }
    expect(await store.notionalUsdChanges(t0 + 500, seen)).toEqual({
      through: second.through,
      added: [],
      aged: [],
    })
    // A writer whose clock lags journals an intent before the window's start: never added.
    clock.advanceMs(-1_000)
    await journalIntent(store, 'old', 'c', 7)
    const third = await store.notionalUsdChanges(t0 + 500, seen)
    expect(third.through).toBeGreaterThan(second.through)
    expect(third.added).toEqual([])
  })

  test('behavior: dry runs of a window come from its start on, newest first, at most the limit', async () => {
    const { store, clock } = await backend.open()
    const t0 = clock.nowMs()
    for (const [i, atMs] of [t0, t0 + 10, t0 + 20, t0 + 30].entries()) {
      await store.recordObservation(
        'usdc',
        { kind: 'dryRun', intentId: `d${i}`, route: 'r', notionalUsd: 1, reason: 'x' },
        atMs,
      )
      await store.recordObservation('usdc', { kind: 'refusal', intentId: `r${i}` }, atMs)
    }
    const ids = async (options: { sinceMs?: number; limit?: number }) =>
      (await store.dryRuns(options)).map((d) => d.intentId)
    expect(await ids({ sinceMs: t0 + 10 })).toEqual(['d3', 'd2', 'd1'])
    expect(await ids({ sinceMs: t0 + 10, limit: 2 })).toEqual(['d3', 'd2'])
    expect(await ids({ sinceMs: t0 + 31 })).toEqual([])
    expect(await ids({ limit: 3 })).toEqual(['d3', 'd2', 'd1'])
    expect(await store.dryRunTotals(t0 + 10)).toEqual({ count: 3, notionalUsd: 3 })
  })
}
