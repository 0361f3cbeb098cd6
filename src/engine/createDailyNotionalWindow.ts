import { DAY_MS } from '../common/DAY_MS.ts'
import type { JournalStore } from '../store/contract/JournalStore.ts'

/** How often the window is summed again in full, ms: bounds the drift of adding floats. */
const RESUM_EVERY_MS = 3_600_000

/** The journal's notional of the last 24 h, per route, kept across ticks. */
export type DailyNotionalWindow = {
  /** Notional (USD) per route of the intents journaled in the 24 h before `nowMs`. */
  at(nowMs: number): Promise<{ route: string; notionalUsd: number }[]>
}

/**
 * The daily caps' totals without summing a day of intents every tick (docs/operations.md §8.1):
 * the first call sums the window once; later ones add the intents journaled since and take off
 * those that aged out of it, both small reads (`notionalUsdChanges`). The sum is taken again in
 * full every hour, and whenever the clock went back.
 */
export function createDailyNotionalWindow(
  journal: Pick<JournalStore, 'notionalUsdChanges'>,
): DailyNotionalWindow {
  const byRoute = new Map<string, number>()
  let seen: { through: number; sinceMs: number } | undefined
  let summedAtMs = 0
  return {
    async at(nowMs) {
      const sinceMs = nowMs - DAY_MS
      if (seen !== undefined && (sinceMs < seen.sinceMs || nowMs - summedAtMs >= RESUM_EVERY_MS)) {
        seen = undefined
      }
      if (seen === undefined) {
        byRoute.clear()
        summedAtMs = nowMs
      }
      const changes = await journal.notionalUsdChanges(sinceMs, seen)
      for (const r of changes.added)
        byRoute.set(r.route, (byRoute.get(r.route) ?? 0) + r.notionalUsd)
      for (const r of changes.aged) {
        const left = (byRoute.get(r.route) ?? 0) - r.notionalUsd
        if (left > 1e-9) byRoute.set(r.route, left)
        else byRoute.delete(r.route)
      }
      seen = { through: changes.through, sinceMs }
      return [...byRoute].map(([route, notionalUsd]) => ({ route, notionalUsd }))
    },
  }
}
