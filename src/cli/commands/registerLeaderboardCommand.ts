import { type Command, InvalidArgumentError } from 'commander'
import { lazyAction } from '../lazyAction.ts'
import { parseIntegerOption } from '../optionParsers.ts'

/** Registers `ferry leaderboard` (flags, help); its action, leaderboardCommand.ts, loads when it runs. */
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
    .action(lazyAction(async () => (await import('./leaderboardCommand.ts')).leaderboardCommand))
}
