import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'
import { parseIntegerOption, parseNumberOption, parseSlippageOption } from '../optionParsers.ts'

/** Registers `ferry swap-quote` (flags, help); its action, swapQuoteCommand.ts, loads when it runs. */
export function registerSwapQuoteCommand(program: Command): void {
  program
    .command('swap-quote')
    .description('quote a single-chain swap through chain/transaction (docs/service.md §4.5)')
    .requiredOption('--chain <id>', 'chain id (required)', parseIntegerOption)
    .requiredOption('--token-in <address>', 'input token (required)')
    .requiredOption('--amount <baseUnits>', 'input amount in base units (required)')
    .requiredOption('--token-out <address>', 'output token (required)')
    .requiredOption('--recipient <address>', 'receiver of the output (required)')
    .option('--slippage <percent|auto>', 'slippage limit in percent, or auto', parseSlippageOption)
    .option(
      '--affiliate-fee-percent <percent>',
      'affiliate fee in percent (0..10)',
      parseNumberOption,
    )
    .option('--affiliate-fee-recipient <address>', 'receiver of the affiliate fee')
    .option('--sender-address <address>', 'address that sends the transaction')
    .option('--src-chain-priority-level <normal|aggressive>', 'fee-estimation priority')
    .option('--referral-code <code>', 'referral code', parseIntegerOption)
    .action(lazyAction(async () => (await import('./swapQuoteCommand.ts')).swapQuoteCommand))
}
