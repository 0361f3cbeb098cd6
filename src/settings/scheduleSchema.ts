import { z } from 'zod'
import { configFields } from './configFields.ts'
import { parseCronExpression } from './parseCronExpression.ts'
import { withFix } from './withFix.ts'

const CRON_FIX =
  'write 5 fields "minute hour day month weekday" (0-59 0-23 1-31 1-12 0-7), or 6 with seconds first, e.g. "*/15 * * * *"'

/**
 * When a strategy instance ticks: every `intervalMs`, or on a `cron` expression, plus a random
 * 0..`jitterMs` delay so instances sharing a wallet or an endpoint do not fire together. Every
 * instance also ticks once when ferry starts.
 */
export const scheduleSchema = z
  .strictObject({
    /** Period between ticks, ms, at least 1 000. */
    intervalMs: configFields.ms
      .min(1_000, { error: withFix('is under 1000 ms', 'tick at most once a second') })
      .optional(),
    /**
     * A cron expression, 5 fields (or 6 with seconds first), in UTC, e.g. `*\/15 * * * *`.
     * Parsed by the same function as the scheduler uses ({@link parseCronExpression}).
     */
    cron: z
      .string()
      .trim()
      .superRefine((expression, ctx) => {
        const problem = cronProblem(expression)
        if (problem) ctx.addIssue({ code: 'custom', message: withFix(problem, CRON_FIX) })
      })
      .optional(),
    /** Random extra delay per tick, ms. Default 0. */
    jitterMs: configFields.ms.default(0),
  })
  .superRefine((s, ctx) => {
    if ((s.intervalMs === undefined) === (s.cron === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['intervalMs'],
        message: withFix('give exactly one of intervalMs and cron', 'e.g. intervalMs: 60000'),
      })
    }
  })
export type Schedule = z.infer<typeof scheduleSchema>

/** Why `expression` is not a usable schedule, or undefined when it is. */
function cronProblem(expression: string): string | undefined {
  try {
    // An expression that parses but never fires (`0 0 30 2 *`) would park the strategy forever.
    if (parseCronExpression(expression).nextRun(new Date(0)) === null) return 'never fires'
    return undefined
  } catch (error) {
    const reason = (error as Error).message.replace(/^CronPattern: /, '')
    return `is not a cron expression (${reason})`
  }
}
