import type { Command } from 'commander'
import { createCliContext, printResult } from '../cliContext.ts'
import { formatSwapQuote } from '../format/formatSwapQuote.ts'
import { parseIntegerOption, parseNumberOption, parseSlippageOption } from '../optionParsers.ts'

type SwapQuoteOptions = {
  chain: number
  tokenIn: string
  amount: string
  tokenOut: string
  recipient: string
  slippage?: number | 'auto'
  affiliateFeePercent?: number
  affiliateFeeRecipient?: string
  senderAddress?: string
  srcChainPriorityLevel?: 'normal' | 'aggressive'
  referralCode?: number
}

/** Registers `ferry swap-quote`: a single-chain swap quote with the aggregator comparison. */
export function registerSwapQuoteCommand(program: Command): void {
  program
    .command('swap-quote')
    .description('quote a single-chain swap through chain/transaction (docs/service.md §4.5)')
    .requiredOption('--chain <id>', 'chain id', parseIntegerOption)
    .requiredOption('--token-in <address>', 'input token')
    .requiredOption('--amount <baseUnits>', 'input amount in base units')
    .requiredOption('--token-out <address>', 'output token')
    .requiredOption('--recipient <address>', 'receiver of the output')
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
    .action(async (opts: SwapQuoteOptions, cmd: Command) => {
      const ctx = createCliContext(cmd)
      const quote = await ctx.client.getSwapTransaction({
        chainId: opts.chain,
        tokenIn: opts.tokenIn,
        tokenInAmount: opts.amount,
        tokenOut: opts.tokenOut,
        tokenOutRecipient: opts.recipient,
        slippage: opts.slippage,
        affiliateFeePercent: opts.affiliateFeePercent,
        affiliateFeeRecipient: opts.affiliateFeeRecipient,
        senderAddress: opts.senderAddress,
        srcChainPriorityLevel: opts.srcChainPriorityLevel,
        referralCode: opts.referralCode,
      })
      printResult(ctx.options, quote, () => formatSwapQuote(quote))
    })
}
