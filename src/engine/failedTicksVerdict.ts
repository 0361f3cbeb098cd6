import type { FailedTickStreak } from './countFailedTick.ts'

/**
 * Whether a run has failed by its ticks: the last `maxFailedTicks` ticks with work all failed.
 * When the run has `ended` (its `--ticks` ran out) with fewer ticks than that, it failed when
 * every one of them did, so `run --ticks 2` against a service that is down exits non-zero too.
 * Pure.
 */
export function failedTicksVerdict(
  record: FailedTickStreak,
  maxFailedTicks: number,
  ended: boolean,
): boolean {
  const needed = ended ? Math.min(maxFailedTicks, record.ticksWithWork) : maxFailedTicks
  return record.streak > 0 && record.streak >= needed
}
