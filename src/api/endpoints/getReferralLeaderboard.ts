import type { Transport } from '../createTransport.ts'
import {
  buildReferralLeaderboardBody,
  type ReferralLeaderboardBody,
} from '../requests/buildLeaderboardBody.ts'
import { type ReferralLeaderboard, referralLeaderboardSchema } from '../schemas/leaderboard.ts'

/**
 * Reads a page of the referral leaderboard
 * (POST {stats_url}/api/Users/referralProgramLeaderboard).
 * @see docs/service.md §4.3
 */
export async function getReferralLeaderboard(
  transport: Transport,
  body: ReferralLeaderboardBody,
  options: { signal?: AbortSignal } = {},
): Promise<ReferralLeaderboard> {
  return transport.request({
    endpoint: 'referralProgramLeaderboard',
    base: 'stats',
    method: 'POST',
    path: '/api/Users/referralProgramLeaderboard',
    body: buildReferralLeaderboardBody(body),
    schema: referralLeaderboardSchema,
    signal: options.signal,
  })
}
