import type { ReferralLeaderboard, WalletLeaderboard } from '../../api/schemas/leaderboard.ts'
import { formatUsd } from '../../common/format/formatUsd.ts'
import { formatTable } from './formatTable.ts'

/**
 * A leaderboard page as a table, with the total count and the search result when there is one.
 * @see docs/service.md §4.2, §4.3
 */
export function formatLeaderboard(
  board:
    | { kind: 'wallets'; data: WalletLeaderboard }
    | { kind: 'referrals'; data: ReferralLeaderboard },
): string {
  if (board.kind === 'wallets') {
    const row = (u: NonNullable<WalletLeaderboard['users']>[number]): string[] => [
      String(u.userRank),
      u.walletAddress.stringValue,
      formatUsd(u.totalVolumeUSD),
      formatUsd(u.totalFeesUSD),
      String(u.totalExecutedOrders),
    ]
    const header = ['rank', 'wallet', 'volume', 'fees', 'orders']
    return [
      `Wallet leaderboard: ${board.data.totalCount} wallet(s)`,
      formatTable([header, ...(board.data.users ?? []).map(row)]),
      ...(board.data.searchResult
        ? ['', 'Search result', formatTable([header, row(board.data.searchResult)])]
        : []),
    ].join('\n')
  }
  const row = (r: NonNullable<ReferralLeaderboard['users']>[number]): string[] => [
    String(r.referralProgramRank),
    String(r.referralCode),
    formatUsd(r.referralsTotalVolumeUsd),
    formatUsd(r.referralsTotalFeesUsd),
    String(r.referralsTotalExecutedOrders),
  ]
  const header = ['rank', 'referral code', 'volume', 'fees', 'orders']
  return [
    `Referral leaderboard: ${board.data.totalCount} code(s)`,
    formatTable([header, ...(board.data.users ?? []).map(row)]),
    ...(board.data.searchResult
      ? ['', 'Search result', formatTable([header, row(board.data.searchResult)])]
      : []),
  ].join('\n')
}
