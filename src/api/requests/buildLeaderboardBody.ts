import { z } from 'zod'
import { problemWithFix, RequestValidationError } from '../RequestValidationError.ts'
import { anyAddressSchema } from './addressRules.ts'
import { referralCodeSchema } from './commonParams.ts'

/** Maximum page size of both leaderboards (docs/service.md §8). */
export const MAX_LEADERBOARD_TAKE = 100

const paging = {
  skip: z
    .number({ error: problemWithFix('must be an integer', 'give skip >= 0') })
    .int({ error: problemWithFix('must be an integer', 'give skip >= 0') })
    .min(0, { error: problemWithFix('must be >= 0', 'give skip >= 0') }),
  take: z
    .number({ error: problemWithFix('must be an integer', 'give take in 1..100') })
    .int({ error: problemWithFix('must be an integer', 'give take in 1..100') })
    .min(1, { error: problemWithFix('must be >= 1', 'give take in 1..100') })
    .max(MAX_LEADERBOARD_TAKE, {
      error: problemWithFix(
        'is above the maximum page size 100 (docs/service.md §8)',
        'give take in 1..100',
      ),
    }),
}

/** Body of the wallet leaderboard (docs/service.md §4.2). walletAddress: EVM hex or base58, or null. */
export const walletLeaderboardBodySchema = z.strictObject({
  ...paging,
  walletAddress: anyAddressSchema.nullable().optional(),
})

/** Body of the referral leaderboard (docs/service.md §4.3). */
export const referralLeaderboardBodySchema = z.strictObject({
  ...paging,
  referralCode: referralCodeSchema.optional(),
})

export type WalletLeaderboardBody = z.input<typeof walletLeaderboardBodySchema>
export type ReferralLeaderboardBody = z.input<typeof referralLeaderboardBodySchema>

/**
 * Validates a wallet leaderboard body (docs/service.md §4.2, §8).
 * @see docs/service.md §4.2
 */
export function buildWalletLeaderboardBody(
  body: WalletLeaderboardBody,
): z.output<typeof walletLeaderboardBodySchema> {
  const parsed = walletLeaderboardBodySchema.safeParse(body)
  if (!parsed.success) throw new RequestValidationError('usersLeaderboard', parsed.error.issues)
  return parsed.data
}

/**
 * Validates a referral leaderboard body (docs/service.md §4.3, §8).
 * @see docs/service.md §4.3
 */
export function buildReferralLeaderboardBody(
  body: ReferralLeaderboardBody,
): z.output<typeof referralLeaderboardBodySchema> {
  const parsed = referralLeaderboardBodySchema.safeParse(body)
  if (!parsed.success)
    throw new RequestValidationError('referralProgramLeaderboard', parsed.error.issues)
  return parsed.data
}
