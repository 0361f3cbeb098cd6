import type { Command } from 'commander'
import { createCliContext } from '../cliContext.ts'
import { formatSwapQuote } from '../format/formatSwapQuote.ts'
import { printResult } from '../printResult.ts'

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

/** Runs `ferry swap-quote`: a single-chain swap quote with the aggregator comparison. */
export async function swapQuoteCommand(opts: SwapQuoteOptions, cmd: Command): Promise<void> {
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
}
