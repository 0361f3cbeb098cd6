import { describe, expect, test } from 'vitest'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import { engineWithFakes, rebalanceConfig } from './engineFixture.ts'

const HOUR_MS = 3_600_000

/** The verdicts of the decisions since `from` in the event list. */
const verdicts = (events: EngineEvent[], from: number) =>
  events
    .slice(from)
    .filter((e) => e.type === 'decision')
    .map((e) => (e.type === 'decision' ? (e.reason ?? e.verdict) : ''))

describe("the first risk check on the engine's running 24 h totals", () => {
  test('behavior: an intent of an earlier tick counts against the daily cap until it ages out of the window', async () => {
    // Every order fails at once: nothing stays in flight and the balances never move, so the
    // rebalance asks for the same move each tick; failed intents still count against the day.
    const { engine, events, clock, journal } = engineWithFakes(
      rebalanceConfig({ maxNotionalUsdPerDay: 1_500 }),
      { execute: async () => ({ kind: 'failed', detail: 'the fake chain refuses' }) },
    )
    await engine.tick()
    expect(verdicts(events, 0)).toEqual(['accept'])
    const [first] = journal.history()
    expect(first?.intent.notionalUsd).toBeGreaterThan(750)

    // Ten minutes on: the window is moved by what was journaled since, not summed again.
    let seen = events.length
    clock.advanceMs(HOUR_MS / 6)
    await engine.tick()
    expect(verdicts(events, seen)).toEqual(['dailyNotionalExceeded'])

    // A day and a bit after the first: out of the window, the same move fits again.
    seen = events.length
    clock.advanceMs(24 * HOUR_MS)
    await engine.tick()
    expect(verdicts(events, seen)).toEqual(['accept'])
    expect(journal.history()).toHaveLength(2)
  })
})
