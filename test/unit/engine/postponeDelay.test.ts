import { describe, expect, test } from 'vitest'
import { formatStatusReport } from '../../../src/cli/format/formatStatusReport.ts'
import { buildStatusReport } from '../../../src/cli/status/buildStatusReport.ts'
import { engineWithFakes, rebalanceConfig } from './engineFixture.ts'

/** A cooldown of 5 s after a failure: the first move fails, the route cools down. */
function cooling() {
  return engineWithFakes(rebalanceConfig({ cooldownMsAfterFailure: 5_000 }), {
    execute: async () => ({ kind: 'failed', detail: 'reverted' }),
  })
}

describe('a postponed request waits for its delay (postpone.delayMs)', () => {
  test('behavior: the request is not quoted again before the delay ends, then it is', async () => {
    const { engine, clock, events } = cooling()
    await engine.tick() // fails: the route cools down from now
    clock.advanceMs(1_000)
    await engine.tick() // postponed by the cooldown for the 4 s left
    const postponed = events.find((e) => e.type === 'decision' && e.verdict === 'postpone')
    expect(postponed).toMatchObject({ reason: 'routeCoolingDown' })
    const quotesBefore = events.filter((e) => e.type === 'quote').length
    for (let i = 0; i < 3; i++) {
      clock.advanceMs(1_000)
      await engine.tick()
    }
    // Three ticks inside the delay: held, never quoted.
    expect(events.filter((e) => e.type === 'quote')).toHaveLength(quotesBefore)
    expect(events.filter((e) => e.type === 'held')).toHaveLength(3)
    clock.advanceMs(1_000)
    await engine.tick()
    expect(events.filter((e) => e.type === 'quote')).toHaveLength(quotesBefore + 1)
  })

  test('behavior: the postponement is journaled, so a restart honours it and ferry status shows it', async () => {
    const { engine, clock, journal } = cooling()
    await engine.tick()
    clock.advanceMs(1_000)
    await engine.tick()
    const [held] = journal.activePostponements(clock.nowMs())
    expect(held).toMatchObject({
      strategy: 'usdc',
      reason: 'routeCoolingDown',
      untilMs: clock.nowMs() + 4_000,
    })
    const report = buildStatusReport({
      journalPath: journal.path,
      status: journal.status(),
      last24h: [],
      risk: rebalanceConfig().risk,
      strategyIds: ['usdc'],
      killSwitch: { path: 'stop.kill', engaged: false, note: undefined },
      postponed: journal.activePostponements(clock.nowMs()),
    })
    expect(report.postponed).toHaveLength(1)
    const text = formatStatusReport(report)
    expect(text).toContain('postponed (not quoted again before)')
    expect(text).toMatch(
      new RegExp(`usdc\\s+${held!.requestId.replace(/[>-]/g, '.')}\\s+routeCoolingDown`),
    )
    expect(journal.activePostponements(clock.nowMs() + 4_000)).toEqual([])
  })
})
