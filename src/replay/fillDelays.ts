import type { ActualIntent } from './replayTypes.ts'

/**
 * How long a simulated order takes to fill when the journal says nothing about it, ms: about one
 * fill of the real service (10-60 s, docs/operations.md §9).
 */
export const DEFAULT_FILL_DELAY_MS = 30_000

/** The fill delays a journal recorded: per intent, and the median per route. */
export type FillDelays = {
  byIntent: ReadonlyMap<string, number>
  byRoute: ReadonlyMap<string, number>
}

/** Reads the recorded fill delays of the journal's intents that filled. Pure. */
export function fillDelays(actual: readonly ActualIntent[]): FillDelays {
  const byIntent = new Map<string, number>()
  const perRoute = new Map<string, number[]>()
  for (const a of actual) {
    if (a.fillDelayMs === undefined) continue
    byIntent.set(a.intentId, a.fillDelayMs)
    perRoute.set(a.route, [...(perRoute.get(a.route) ?? []), a.fillDelayMs])
  }
  const byRoute = new Map<string, number>()
  for (const [route, delays] of perRoute) {
    const sorted = [...delays].sort((a, b) => a - b)
    byRoute.set(route, sorted[Math.floor((sorted.length - 1) / 2)]!)
  }
  return { byIntent, byRoute }
}

/**
 * The delay of one simulated order: the same intent's recorded delay when the journal sent it,
 * else the route's median, else `defaultMs`. Pure.
 */
export function fillDelayOf(
  delays: FillDelays,
  intentId: string,
  route: string,
  defaultMs: number,
): number {
  return delays.byIntent.get(intentId) ?? delays.byRoute.get(route) ?? defaultMs
}
