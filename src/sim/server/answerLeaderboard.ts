import {
  referralLeaderboardBodySchema,
  walletLeaderboardBodySchema,
} from '../../api/requests/buildLeaderboardBody.ts'
import { buildReferralLeaderboard } from '../stats/buildReferralLeaderboard.ts'
import { buildWalletLeaderboard } from '../stats/buildWalletLeaderboard.ts'
import type { SimRuntime } from './createSimRuntime.ts'
import { mapIssuesToError } from './mapIssuesToError.ts'
import type { SimAnswer } from './simAnswer.ts'
import { simErrorBody } from './simErrorBody.ts'

/** Which leaderboard. */
export type LeaderboardKind = 'wallet' | 'referral'

/**
 * Answers POST /api/Users/usersLeaderboard and /api/Users/referralProgramLeaderboard. The body is
 * JSON sent as `application/json-patch+json` (docs/service.md §4.2) or `application/json`; other media types
 * get 415. It is validated with the client's body schemas (take <= 100, docs/service.md §8).
 * @see docs/service.md §4.2, §4.3, §8
 */
export function answerLeaderboard(
  runtime: SimRuntime,
  kind: LeaderboardKind,
  contentType: string | undefined,
  text: string,
): SimAnswer {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'application/json-patch+json' && mediaType !== 'application/json') {
    return {
      status: 415,
      body: simErrorBody(
        'INVALID_QUERY_PARAMETERS',
        `Content-Type ${contentType ?? '(none)'} is not accepted; send application/json-patch+json`,
      ),
    }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { status: 400, body: simErrorBody('INVALID_QUERY_PARAMETERS', 'the body is not JSON') }
  }
  const orders = runtime.stats.listOrders()
  if (kind === 'wallet') {
    const parsed = walletLeaderboardBodySchema.safeParse(json)
    if (!parsed.success) return { status: 400, body: mapIssuesToError(parsed.error.issues) }
    return {
      status: 200,
      body: buildWalletLeaderboard(runtime.population.wallets, orders, parsed.data),
    }
  }
  const parsed = referralLeaderboardBodySchema.safeParse(json)
  if (!parsed.success) return { status: 400, body: mapIssuesToError(parsed.error.issues) }
  return {
    status: 200,
    body: buildReferralLeaderboard(runtime.population.referrals, orders, parsed.data),
  }
}
