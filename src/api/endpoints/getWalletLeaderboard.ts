import type { Transport } from '../createTransport.ts'
import {
  buildWalletLeaderboardBody,
  type WalletLeaderboardBody,
} from '../requests/buildLeaderboardBody.ts'
import { type WalletLeaderboard, walletLeaderboardSchema } from '../schemas/leaderboard.ts'

/**
 * Reads a page of the wallet leaderboard (POST {stats_url}/api/Users/usersLeaderboard).
 * @see docs/service.md §4.2
 */
export async function getWalletLeaderboard(
  transport: Transport,
  body: WalletLeaderboardBody,
  options: { signal?: AbortSignal } = {},
): Promise<WalletLeaderboard> {
  return transport.request({
    endpoint: 'usersLeaderboard',
    base: 'stats',
    method: 'POST',
    path: '/api/Users/usersLeaderboard',
    body: buildWalletLeaderboardBody(body),
    schema: walletLeaderboardSchema,
    signal: options.signal,
  })
}
