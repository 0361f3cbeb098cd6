import { z } from 'zod'
import { configFields } from './configFields.ts'
import { withFix } from './withFix.ts'

// Five (minute hour day month weekday) or six (with seconds) fields of digits, *, ranges, lists,
// steps and names; a syntax check only, the scheduler parses the meaning.
const CRON_RE = /^(\S+\s+){4,5}\S+$/
const CRON_FIELD_RE =
  /^(\*|[0-9A-Za-z]+(-[0-9A-Za-z]+)?)(\/[0-9]+)?(,(\*|[0-9A-Za-z]+(-[0-9A-Za-z]+)?)(\/[0-9]+)?)*$/

/**
 * When a strategy instance ticks: every `intervalMs`, or on a `cron` expression, plus a random
 * 0..`jitterMs` delay so instances sharing a wallet or an endpoint do not fire together.
 */
export const scheduleSchema = z
  .strictObject({
    /** Period between ticks, ms, at least 1 000. */
    intervalMs: configFields.ms
      .min(1_000, { error: withFix('is under 1000 ms', 'tick at most once a second') })
      .optional(),
    /** A cron expression, 5 fields (or 6 with seconds), in UTC, e.g. `*\/15 * * * *`. */
    cron: z
      .string()
      .trim()
      .refine((s) => CRON_RE.test(s) && s.split(/\s+/).every((p) => CRON_FIELD_RE.test(p)), {
        error: withFix('is not a cron expression', 'write 5 fields, e.g. "*/15 * * * *"'),
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
