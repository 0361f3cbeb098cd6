import type { AlertLabels } from './alertTypes.ts'
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

/**
 * The labels of an intent's alerts, from what its `intent` event said (none for an intent not
 * remembered). A module function rather than a closure made per event: the alerter sees every
 * engine event, and creating the closure (with the bundle's name-keeping helper) cost more than
 * the rest of a quiet event's work.
 */
export function intentAlertLabels(intents: IntentMemory, intentId: string): AlertLabels {
  const info = intents.get(intentId)
  if (!info) return {}
  const labels: Record<string, string> = {}
  if (info.chain !== undefined) labels.chain = info.chain
  if (info.strategy !== undefined) labels.strategy = info.strategy
  if (info.route !== undefined) labels.route = info.route
  return labels as AlertLabels
}
