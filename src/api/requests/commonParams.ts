import { z } from 'zod'
import { problemWithFix } from '../RequestValidationError.ts'
import { INTEGER_STRING_RE } from '../schemas/primitives.ts'

/** Maximum affiliateFeePercent (docs/service.md §8): 10 percent of the input amount. */
export const MAX_AFFILIATE_FEE_PERCENT = 10

/**
 * A token amount in base units: a bigint, a safe integer, or a decimal integer string. Always sent
 * as a decimal string. Floats never reach an amount.
 */
export const baseUnitsParamSchema = z
  .union([z.bigint(), z.number(), z.string()])
  .transform((v, ctx) => {
    const text =
      typeof v === 'string'
        ? v
        : typeof v === 'number' && !Number.isSafeInteger(v)
          ? ''
          : v.toString()
    if (!INTEGER_STRING_RE.test(text) || text === '0') {
      ctx.addIssue({
        code: 'custom',
        message: problemWithFix(
          `${String(v)} is not a positive integer amount in base units`,
          'give the amount as an integer of base units, e.g. 1000000 for 1 USDC',
        ),
      })
      return z.NEVER
    }
    return text
  })

/** affiliateFeePercent: a percent in 0..10 (docs/service.md §4.4, §8). 0.1 means 0.1%. */
export const affiliateFeePercentSchema = z
  .number({ error: problemWithFix('must be a number', 'give a percent such as 0.1') })
  .min(0, { error: problemWithFix('must not be negative', 'give a percent in 0..10') })
  .max(MAX_AFFILIATE_FEE_PERCENT, {
    error: problemWithFix(
      'is above the maximum of 10 (docs/service.md §8)',
      'give a percent in 0..10',
    ),
  })

/** referralCode: an integer that fits the contracts' uint32 (docs/dln.md §1.1). */
export const referralCodeSchema = z
  .number({ error: problemWithFix('must be an integer', 'give the numeric referral code') })
  .int({ error: problemWithFix('must be an integer', 'give the numeric referral code') })
  .min(0, { error: problemWithFix('must not be negative', 'give the numeric referral code') })
  .max(0xffffffff, {
    error: problemWithFix('does not fit uint32', 'give the numeric referral code'),
  })

/** srcChainPriorityLevel (docs/service.md §4.4, §4.5). */
export const priorityLevelSchema = z.enum(['normal', 'aggressive'], {
  error: problemWithFix('must be normal or aggressive', 'use normal (default) or aggressive'),
})

/** Adds the affiliate pairing issues: the percent and the recipient come together (docs/service.md §4.4). */
export function checkAffiliatePair(
  ctx: z.RefinementCtx,
  percent: number | undefined,
  recipient: string | undefined,
): void {
  if (percent !== undefined && recipient === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['affiliateFeeRecipient'],
      message: problemWithFix(
        'is missing while affiliateFeePercent is set',
        'set affiliateFeeRecipient to the source-chain address that receives the fee, or drop affiliateFeePercent',
      ),
    })
  }
  if (recipient !== undefined && percent === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['affiliateFeePercent'],
      message: problemWithFix(
        'is missing while affiliateFeeRecipient is set',
        'set affiliateFeePercent (0..10) or drop affiliateFeeRecipient',
      ),
    })
  }
}

/** Drops undefined entries and turns every value into its query-string text. */
export function toQuery(
  params: Record<string, string | number | boolean | undefined>,
): Record<string, string> {
  const query: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query[key] = String(value)
  }
  return query
}
