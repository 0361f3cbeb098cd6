import { parseCronExpression } from './parseCronExpression.ts'

/**
 * The schedule slot `nowMs` falls in, as the slot's start in ms since the epoch: the same for
 * every process whatever its jitter or start time, so a cluster runs a strategy once per slot.
 * - `intervalMs`: slots are the multiples of the interval since the epoch;
 * - `cron`: the slot starts at the latest fire time at or before `nowMs` (UTC), or at 0 before
 *   the first one.
 * Pure.
 */
export function scheduleSlotMs(
  schedule: { readonly intervalMs?: number; readonly cron?: string },
  nowMs: number,
): number {
  if (schedule.cron !== undefined) {
    // previousRuns looks strictly before its reference: +1 ms makes a fire at nowMs its own slot.
    const [fire] = parseCronExpression(schedule.cron).previousRuns(1, new Date(nowMs + 1))
    return fire?.getTime() ?? 0
  }
  if (schedule.intervalMs === undefined) throw new Error('schedule has neither cron nor intervalMs')
  return Math.floor(nowMs / schedule.intervalMs) * schedule.intervalMs
}
