import type { Clock } from '../common/clock.ts'

/** Shortest sleep between ticks, ms: a due time in the past never makes ticks spin. */
const MIN_SLEEP_MS = 250
/** Longest single timer, ms: a timer fires at once past 2^31 - 1 ms (~24.8 days). */
const MAX_SLEEP_MS = 3_600_000

/**
 * Sleeps until `dueMs` (at least {@link MIN_SLEEP_MS} from now) or until `signal` aborts, in
 * slices of at most {@link MAX_SLEEP_MS} so a monthly cron's wait works. With nothing due
 * (Infinity) it sleeps until the signal.
 */
export async function sleepUntil(clock: Clock, dueMs: number, signal?: AbortSignal): Promise<void> {
  const wakeMs = Math.max(dueMs, clock.nowMs() + MIN_SLEEP_MS)
  while (!signal?.aborted && clock.nowMs() < wakeMs) {
    const sliceMs = Math.min(wakeMs - clock.nowMs(), MAX_SLEEP_MS)
    await clock.sleepMs(sliceMs, signal).catch(() => undefined)
  }
}
