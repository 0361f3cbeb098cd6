import { Cron } from 'croner'

/**
 * Parses a schedule's cron expression the one way ferry reads it, so the config check
 * (scheduleSchema) and the scheduler (engine/nextRunMs) can never disagree: 5 fields
 * (minute hour day month weekday) or 6 with seconds first, always in UTC, day-of-month and
 * day-of-week OR-ed as in Vixie cron. Names (`MON`, `JAN`), ranges, lists, `*\/step`, `L`, `W`,
 * `#` and nicknames such as `@hourly` are croner's syntax.
 *
 * The returned job has no function, so it never arms a timer: it only answers `nextRun(date)`.
 * @throws TypeError or RangeError from croner naming the bad field, e.g.
 *   `CronPattern: Invalid value for minute: 61`.
 */
export function parseCronExpression(expression: string): Cron {
  // utcOffset 0 rather than timezone 'UTC': the same instants, computed without Intl.
  return new Cron(expression, { utcOffset: 0, mode: '5-or-6-parts' })
}
