/** What decideAlerts remembers about an intent until its end, for the labels of its alerts. */
export type IntentInfo = {
  strategy: string | undefined
  route: string | undefined
  /** The route's source chain. */
  chain: string | undefined
  /** A hookFailed alert already went out for it. */
  hookAlerted: boolean
}

/** Intents in flight, oldest first. */
export type IntentMemory = ReadonlyMap<string, IntentInfo>

/** An intent first seen after its `intent` event (a restart's reconciliation): no labels. */
export const UNKNOWN_INTENT: IntentInfo = {
  strategy: undefined,
  route: undefined,
  chain: undefined,
  hookAlerted: false,
}

/** Intents remembered at once; past it the oldest is forgotten (its alerts lose their labels). */
export const MAX_REMEMBERED_INTENTS = 1_000

/**
 * Returns `intents` with `info` set for `intentId`, forgetting the oldest beyond
 * {@link MAX_REMEMBERED_INTENTS}: dry runs and intents a restart leaves never end in this run, so
 * without the bound the memory would grow for as long as ferry runs. Pure (copies).
 */
export function rememberIntent(
  intents: IntentMemory,
  intentId: string,
  info: IntentInfo,
  maxIntents = MAX_REMEMBERED_INTENTS,
): IntentMemory {
  const next = new Map(intents)
  next.set(intentId, info)
  for (const oldest of next.keys()) {
    if (next.size <= maxIntents) break
    next.delete(oldest)
  }
  return next
}

/** Returns `intents` without `intentId` (the same map when it was not there). Pure. */
export function forgetIntent(intents: IntentMemory, intentId: string): IntentMemory {
  if (!intents.has(intentId)) return intents
  const next = new Map(intents)
  next.delete(intentId)
  return next
}
