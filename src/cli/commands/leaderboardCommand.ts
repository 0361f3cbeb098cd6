import type { Command } from 'commander'
import { createCliContext } from '../cliContext.ts'
import { formatLeaderboard } from '../format/formatLeaderboard.ts'
import { parseIntegerOption } from '../optionParsers.ts'
import { printResult } from '../printResult.ts'

/** Runs `ferry leaderboard wallets|referrals` (docs/service.md §4.2, §4.3). */
export async function leaderboardCommand(
  board: 'wallets' | 'referrals',
  opts: { skip: number; take: number; search?: string },
  cmd: Command,
): Promise<void> {
  const ctx = createCliContext(cmd)
  if (board === 'wallets') {
    const data = await ctx.client.getWalletLeaderboard({
      skip: opts.skip,
      take: opts.take,
      ...(opts.search === undefined ? {} : { walletAddress: opts.search }),
    })
    printResult(ctx.options, data, () => formatLeaderboard({ kind: 'wallets', data }))
  } else {
    const code = opts.search === undefined ? undefined : parseIntegerOption(opts.search)
    const data = await ctx.client.getReferralLeaderboard({
      skip: opts.skip,
      take: opts.take,
      ...(code === undefined ? {} : { referralCode: code }),
    })
    printResult(ctx.options, data, () => formatLeaderboard({ kind: 'referrals', data }))
  }
}
