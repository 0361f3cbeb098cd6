import { type Command, InvalidArgumentError } from 'commander'
import { createCliContext, printResult } from '../cliContext.ts'
import { formatLeaderboard } from '../format/formatLeaderboard.ts'
import { parseIntegerOption } from '../optionParsers.ts'

/** Registers `ferry leaderboard wallets|referrals` (docs/service.md §4.2, §4.3). */
export function registerLeaderboardCommand(program: Command): void {
  program
    .command('leaderboard')
    .description('show a page of the wallet or referral leaderboard (docs/service.md §4.2, §4.3)')
    .argument('<board>', 'wallets or referrals', (v: string) => {
      if (v !== 'wallets' && v !== 'referrals')
        throw new InvalidArgumentError('expected wallets or referrals')
      return v
    })
    .option('--skip <n>', 'items to skip', parseIntegerOption, 0)
    .option('--take <n>', 'items to return, 1..100', parseIntegerOption, 20)
    .option('--search <walletOrCode>', 'a wallet address (wallets) or a referral code (referrals)')
    .action(
      async (
        board: 'wallets' | 'referrals',
        opts: { skip: number; take: number; search?: string },
        cmd: Command,
      ) => {
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
      },
    )
}
