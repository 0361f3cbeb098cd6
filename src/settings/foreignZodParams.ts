import { z } from 'zod'
import type { ParamsSchemaLike } from '../common/strategy/strategyContract.ts'

type RawIssue = Readonly<Record<string, unknown>>

// Issue codes whose fields zodIssuesToProblems reads, and whether an issue has them (zod 4 does;
// zod 3's unions carry `unionErrors` instead).
const READABLE: Readonly<Record<string, (issue: RawIssue) => boolean>> = {
  unrecognized_keys: (issue) => Array.isArray(issue.keys),
  invalid_union: (issue) => Array.isArray(issue.errors),
  invalid_type: (issue) => typeof issue.expected === 'string',
}

/**
 * A params schema from a user's module, which may import its own copy of zod (3 or 4), as a
 * schema of ferry's own zod: it calls the module schema's own `safeParse` (never `instanceof`),
 * returns its output, and passes its issues on; an issue whose shape ferry does not read keeps
 * its path and message.
 */
export function foreignZodParams(schema: ParamsSchemaLike<unknown>): z.ZodType {
  return z.unknown().transform((input, ctx) => {
    const parsed = schema.safeParse(input)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) {
      const raw = issue as unknown as RawIssue
      const readable = typeof raw.code === 'string' && READABLE[raw.code]?.(raw) === true
      if (readable) ctx.addIssue({ ...raw } as never)
      else ctx.addIssue({ code: 'custom', path: [...issue.path], message: issue.message })
    }
    return z.NEVER
  })
}
