import { DAY_MS } from '../common/DAY_MS.ts'
import type { RunStrategyDeps } from '../engine/runStrategy.ts'
import type { IntentRecord } from '../store/contract/journalTypes.ts'
import type { RouteNotional } from '../store/sqlite/createJournalQueries.ts'
import type { PostponementRecord } from '../store/sqlite/createPostponementRecords.ts'

/** Windows kept with running totals: the engine asks for two (the last 24 h, today). */
const MAX_WINDOWS = 4

/** Running notional per route of the intents `first..next-1`, all created at or after `sinceMs`. */
type RollingWindow = {
  sinceMs: number
  first: number
  next: number
  byRoute: Map<string, { notionalUsd: number; intents: number }>
}

/** A simulated intent: its record as the risk checks count it, and when its order fills. */
export type SimulatedIntent = { record: IntentRecord; fillAtMs: number }

/**
 * The journal a replay runs the engine on, in memory: simulated intents (in flight until their
 * fill), postponements, and nothing else kept (observations are the replay's output, quotes are
 * already recorded). Its time is the replay's clock, set per tick.
 */
export type ReplayLedger = RunStrategyDeps['journal'] & {
  setNowMs(nowMs: number): void
  /** Adds an accepted intent, in flight until `fillAtMs`. */
  add(intent: SimulatedIntent): void
  /** Ends the intents whose fill time has come (at or before now); returns them, oldest first. */
  settle(): SimulatedIntent[]
}

/** Builds an empty {@link ReplayLedger}. Pure but for its own state. */
export function createReplayLedger(): ReplayLedger {
  let nowMs = 0
  // Added in time order, so a window's intents are a tail of `intents`.
  const intents: SimulatedIntent[] = []
  let flying: SimulatedIntent[] = []
  const postponements = new Map<string, PostponementRecord>()
  // Windows only move forward (the last 24 h, today), so each keeps running totals and drops the
  // intents that leave it: a replay of many ticks stays linear.
  const windows: RollingWindow[] = []
  const notionalUsdSince = (sinceMs: number): RouteNotional[] => {
    let w: RollingWindow | undefined
    for (const x of windows) if (x.sinceMs <= sinceMs && (!w || x.sinceMs > w.sinceMs)) w = x
    if (w === undefined) {
      w = { sinceMs, first: 0, next: 0, byRoute: new Map() }
      windows.push(w)
      if (windows.length > MAX_WINDOWS) windows.shift()
    }
    for (; w.next < intents.length; w.next++) {
      const { record } = intents[w.next]!
      const t = w.byRoute.get(record.route) ?? { notionalUsd: 0, intents: 0 }
      t.notionalUsd += record.notionalUsd
      t.intents++
      w.byRoute.set(record.route, t)
    }
    w.sinceMs = sinceMs
    for (; w.first < intents.length && intents[w.first]!.record.createdMs < sinceMs; w.first++) {
      const { record } = intents[w.first]!
      const t = w.byRoute.get(record.route)!
      t.notionalUsd -= record.notionalUsd
      t.intents--
      if (t.intents === 0) w.byRoute.delete(record.route)
    }
    return [...w.byRoute]
      .map(([route, t]) => ({ route, ...t }))
      .sort((a, b) => b.notionalUsd - a.notionalUsd || (a.route < b.route ? -1 : 1))
  }
  return {
    setNowMs(ms) {
      nowMs = ms
    },
    add(intent) {
      intents.push(intent)
      flying.push(intent)
    },
    settle() {
      const due = flying.filter((i) => i.fillAtMs <= nowMs)
      if (due.length === 0) return due
      flying = flying.filter((i) => i.fillAtMs > nowMs)
      for (const i of due) {
        i.record.state = 'completed'
        i.record.updatedMs = i.fillAtMs
      }
      return due
    },
    recordObservation: async () => 0,
    async recordMarketQuotes() {},
    async recordPostponement(p) {
      postponements.set(`${p.strategy}\n${p.requestId}`, { ...p, createdMs: nowMs })
    },
    activePostponements: async (atMs) =>
      [...postponements.values()]
        .filter((p) => p.untilMs > atMs)
        .sort((a, b) => a.untilMs - b.untilMs),
    notionalUsdSince: async (sinceMs) => notionalUsdSince(sinceMs),
    // Replay assumes every simulated order fills: no route ever fails, so none cools down.
    lastFailureMs: async () => undefined,
    async status() {
      const records = flying.map((i) => i.record)
      const dayStartMs = nowMs - (nowMs % DAY_MS)
      const todayByRoute = notionalUsdSince(dayStartMs)
      return {
        dayStartMs,
        inFlight: records,
        inFlightUsd: records.reduce((s, i) => s + i.notionalUsd, 0),
        todayByRoute,
        todayUsd: todayByRoute.reduce((s, t) => s + t.notionalUsd, 0),
      }
    },
  }
}
