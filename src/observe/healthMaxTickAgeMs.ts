import { nextRunMs } from '../settings/nextRunMs.ts'

/** A strategy's `schedule` as the config has it (scheduleSchema). */
type Schedule = { readonly intervalMs?: number; readonly cron?: string; readonly jitterMs?: number }

/** Fire times of a cron looked at to find its longest gap (a weekday cron shows its weekend). */
const CRON_FIRES_LOOKED_AT = 32
/** Slack for a tick's own work (quotes, sends, confirmations) on top of the schedule, ms. */
const TICK_WORK_SLACK_MS = 120_000
/** A floor, so a 1-second interval does not make a busy minute look dead, ms. */
const MIN_MAX_TICK_AGE_MS = 180_000

/**
 * How old the last successful tick may be before `/health` answers 503, ms: twice the longest
 * gap between two ticks the schedules allow, plus {@link TICK_WORK_SLACK_MS}, at least
 * {@link MIN_MAX_TICK_AGE_MS}. The engine ticks whenever any enabled strategy is due, so the gap
 * is the smallest over the strategies of each one's longest gap (an interval plus its jitter; for
 * a cron, the longest of its next {@link CRON_FIRES_LOOKED_AT} gaps from `nowMs`, plus jitter).
 * With no enabled strategy nothing ever ticks, and the floor is returned. Pure.
 */
export function healthMaxTickAgeMs(
  strategies: readonly { readonly enabled?: boolean; readonly schedule: Schedule }[],
  nowMs: number,
): number {
  const gapsMs = strategies
    .filter((s) => s.enabled !== false)
    .map((s) => longestGapMs(s.schedule, nowMs))
  if (gapsMs.length === 0) return MIN_MAX_TICK_AGE_MS
  return Math.max(MIN_MAX_TICK_AGE_MS, 2 * Math.min(...gapsMs) + TICK_WORK_SLACK_MS)
}

function longestGapMs(schedule: Schedule, nowMs: number): number {
  const jitterMs = schedule.jitterMs ?? 0
  if (schedule.cron === undefined) return (schedule.intervalMs ?? 0) + jitterMs
  // random = 0: the bare fire times; the jitter is added once below.
  let atMs = nextRunMs(schedule, nowMs, () => 0)
  let longestMs = 0
  for (let i = 0; i < CRON_FIRES_LOOKED_AT; i++) {
    const nextMs = nextRunMs(schedule, atMs, () => 0)
    longestMs = Math.max(longestMs, nextMs - atMs)
    atMs = nextMs
  }
  return longestMs + jitterMs
}
