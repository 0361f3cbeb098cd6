import { describe, expect, test } from 'vitest'
import { createManualClock } from '../../../src/common/clock.ts'
import { createDailyNotionalWindow } from '../../../src/engine/createDailyNotionalWindow.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { tmpJournal } from '../store/tmpJournal.ts'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

const sorted = (rows: { route: string; notionalUsd: number }[]) =>
  rows
    .map((r) => ({ route: r.route, notionalUsd: Math.round(r.notionalUsd * 100) / 100 }))
    .sort((a, b) => a.route.localeCompare(b.route))

describe('createDailyNotionalWindow', () => {
  test('behavior: matches a full 24 h sum at every tick while intents are journaled and age out', async () => {
    const { journal, clock, path } = tmpJournal()
    // A second writer on the same journal whose clock runs 10 minutes behind: its rows land
    // after positions the window has read, with times before them.
    const lateClock = createManualClock(clock.nowMs() - 10 * 60_000)
    const late = openJournal(path, { clock: lateClock })
    const calls: boolean[] = []
    const window = createDailyNotionalWindow({
      notionalUsdChanges: async (sinceMs, seen) => {
        calls.push(seen !== undefined)
        return journal.notionalUsdChanges(sinceMs, seen)
      },
    })
    try {
      for (let step = 0; step < 40; step++) {
        const route = step % 3 === 0 ? 'a' : 'b'
        journal.recordIntent({
          id: `i${step}`,
          strategy: 's',
          route,
          params: {},
          notionalUsd: 10 + step,
        })
        if (step % 5 === 0) {
          late.recordIntent({
            id: `late${step}`,
            strategy: 's',
            route: 'c',
            params: {},
            notionalUsd: 7.5,
          })
        }
        const full = journal.notionalUsdSince(clock.nowMs() - DAY_MS)
        expect(sorted(await window.at(clock.nowMs()))).toEqual(sorted(full))
        // 40 steps of 50 min: the first rows age out of the window before the end.
        clock.advanceMs(50 * 60_000)
        lateClock.advanceMs(50 * 60_000)
      }
      expect(journal.notionalUsdSince(clock.nowMs() - DAY_MS).length).toBeGreaterThan(0)
      expect(journal.getIntent('i0')!.createdMs).toBeLessThan(clock.nowMs() - DAY_MS)
      // Mostly moved by the changes since the last position; summed in full about hourly.
      expect(calls.filter((delta) => delta).length).toBeGreaterThan(calls.length / 3)
    } finally {
      late.close()
    }
  })

  test('behavior: a clock that went back sums the window again', async () => {
    const { journal, clock } = tmpJournal()
    journal.recordIntent({ id: 'x', strategy: 's', route: 'a', params: {}, notionalUsd: 5 })
    const window = createDailyNotionalWindow(toJournalStore(journal))
    expect(await window.at(clock.nowMs())).toEqual([{ route: 'a', notionalUsd: 5 }])
    expect(await window.at(clock.nowMs() + 2 * DAY_MS)).toEqual([])
    expect(await window.at(clock.nowMs())).toEqual([{ route: 'a', notionalUsd: 5 }])
  })
})
