import { parseCronExpression } from './parseCronExpression.ts'

/**
 * When a strategy instance is next due, in ms since the epoch: `afterMs + intervalMs`, or the
 * first fire time of `cron` strictly after `afterMs` (UTC, whole seconds), plus a jitter of
 * `floor(random() * jitterMs)`, i.e. 0 to jitterMs - 1 ms (jitterMs defaults to 0).
 *
 * A config's `schedule` (scheduleSchema) fits as it is. Pure: the time comes in as `afterMs`
 * and the randomness as `random`, a source in [0, 1).
 * @throws Error when the schedule has neither timing, or its cron never fires again; the config
 *   schema refuses both, so this is a fault, not a business outcome.
 */
export function nextRunMs(
  schedule: { readonly intervalMs?: number; readonly cron?: string; readonly jitterMs?: number },
  afterMs: number,
  random: () => number,
): number {
  const jitterMs = Math.floor(random() * (schedule.jitterMs ?? 0))
  if (schedule.cron !== undefined) {
    const fire = parseCronExpression(schedule.cron).nextRun(new Date(afterMs))
    if (!fire) throw new Error(`cron "${schedule.cron}" never fires after ${afterMs}`)
    return fire.getTime() + jitterMs
  }
  if (schedule.intervalMs === undefined) throw new Error('schedule has neither cron nor intervalMs')
  return afterMs + schedule.intervalMs + jitterMs
}
