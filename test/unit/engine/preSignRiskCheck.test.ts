import { describe, expect, test } from 'vitest'
import { createIntentLedger } from '../../../src/execute/createIntentLedger.ts'
import type { Journal } from '../../../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import type { FakeChain } from './engineFixture.ts'
import { engineWithFakes, rebalanceConfig } from './engineFixture.ts'

/**
 * A chain side whose approval is slow: while it waits, another intent of `otherUsd` is accepted
 * on the same journal (a second strategy, or a second instance); then the order is about to be
 * signed, and its write-ahead insert runs the pre-sign check.
 */
function slowApproval(journal: () => Journal, otherUsd: number): FakeChain['execute'] {
  return async (intent, intentId, preSign) => {
    await createIntentLedger(toJournalStore(journal())).accept({
      intentId: `other:${intentId}`,
      strategyId: 'other',
      intent: { ...intent, notionalUsd: otherUsd },
    })
    await preSign?.()
    return { kind: 'swapped', hash: '0xsigned', chainId: 42161 }
  }
}

function run(maxNotionalUsdPerDay: number, otherUsd: number, storeOnlyPreSign = false) {
  let journal: Journal | undefined
  const fakes = engineWithFakes(
    rebalanceConfig({ maxNotionalUsdPerDay, autoKill: { afterConsecutiveFailures: 1 } }),
    { execute: slowApproval(() => journal!, otherUsd) },
    { storeOnlyPreSign },
  )
  journal = fakes.journal
  return fakes
}

describe('every risk check runs again right before signing, on the journal as it is then', () => {
  test('behavior: another intent that fills the daily cap during a slow approval stops the signature; economics, not the kill switch', async () => {
    const { engine, events } = run(1_500, 800)
    await engine.tick()
    expect(events.find((e) => e.type === 'decision')).toMatchObject({ verdict: 'accept' })
    const end = events.find((e) => e.type === 'terminal')
    expect(end).toMatchObject({ state: 'failed', economics: true })
    expect(end?.type === 'terminal' && end.detail).toMatch(/dailyNotionalExceeded/)
    // One failure in a row would trip afterConsecutiveFailures: 1, but economics counts for none.
    expect(events.some((e) => e.type === 'killSwitch')).toBe(false)
  })

  test('default: with room left under the cap, the same intent signs; it never counts itself', async () => {
    const { engine, events } = run(3_000, 800)
    await engine.tick()
    expect(events.find((e) => e.type === 'terminal')).toMatchObject({ state: 'completed' })
  })

  test('behavior: read through the store alone (the PostgreSQL path), the check is async and refuses the same signature', async () => {
    const { engine, events } = run(1_500, 800, true)
    await engine.tick()
    const end = events.find((e) => e.type === 'terminal')
    expect(end).toMatchObject({ state: 'failed', economics: true })
    expect(end?.type === 'terminal' && end.detail).toMatch(/dailyNotionalExceeded/)
  })

  test('default: read through the store alone, room left under the cap still signs', async () => {
    const { engine, events } = run(3_000, 800, true)
    await engine.tick()
    expect(events.find((e) => e.type === 'terminal')).toMatchObject({ state: 'completed' })
  })
})
