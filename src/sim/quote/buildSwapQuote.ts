import type { z } from 'zod'
import type { swapTxParamsSchema } from '../../api/requests/buildSwapTxQuery.ts'
import type { CostItem } from '../../api/schemas/costItem.ts'
import type { SwapQuote } from '../../api/schemas/swapQuote.ts'
import { mulBps } from '../../common/amounts.ts'
import { buildComparedAggregators } from './buildComparedAggregators.ts'
import { buildEstimatedTransactionFee } from './buildEstimatedTransactionFee.ts'
import { buildSwapTx } from './buildSwapTx.ts'
import { QuoteBuildError } from './QuoteBuildError.ts'
import { DEFAULT_QUOTE_CONFIG, type QuoteConfig } from './quoteConfig.ts'
import type { QuoteContext } from './quoteContext.ts'

/**
 * The simulator's chain/transaction answer (docs/service.md §2.9, §4.5; docs/dln.md §6) for validated params.
 * - protocolFee: `swapProtocolFeeBps` (default 4) of the input, in input base units (`SwapFee`).
 * - The rest is swapped through the market pool (`Swap`, price impact grows with size); the
 *   affiliate fee is a percent of the output (`AffiliateFee`). Those three cost types are the
 *   simulator's own names.
 * - recommendedSlippage (percent) = (baseSlippageBps + the larger volatility of the two tokens)
 *   / 100; `slippage` is it for `auto`, else the requested percent; minAmount = amount x (1 -
 *   slippage), floored.
 * - comparedAggregators: see {@link buildComparedAggregators}; tx: see buildSwapTx;
 *   estimatedTransactionFee: `swapGas` at the chain's modelled gas price.
 * Throws {@link QuoteBuildError} for tokens the market does not trade or a zero output.
 */
export function buildSwapQuote(
  params: z.output<typeof swapTxParamsSchema>,
  ctx: QuoteContext,
): SwapQuote {
  const config: QuoteConfig = { ...DEFAULT_QUOTE_CONFIG, ...ctx.config }
  const { market } = ctx
  const tokenIn = market.findToken(params.chainId, params.tokenIn)
  if (!tokenIn) {
    throw new QuoteBuildError('UNSUPPORTED_TOKEN_IN', 'tokenIn', `not traded on ${params.chainId}`)
  }
  const tokenOut = market.findToken(params.chainId, params.tokenOut)
  if (!tokenOut) {
    throw new QuoteBuildError(
      'UNSUPPORTED_TOKEN_OUT',
      'tokenOut',
      `not traded on ${params.chainId}`,
    )
  }
  const amountIn = BigInt(params.tokenInAmount)
  const protocolFee = mulBps(amountIn, config.swapProtocolFeeBps)
  const swapped = market.swap(tokenIn, amountIn - protocolFee, tokenOut)
  const affiliatePercentE6 = BigInt(Math.round((params.affiliateFeePercent ?? 0) * 1e6))
  const affiliateAmount = (swapped.amountOut * affiliatePercentE6) / 100_000_000n
  const amountOut = swapped.amountOut - affiliateAmount
  if (amountOut <= 0n) {
    throw new QuoteBuildError('ERROR_LOW_GIVE_AMOUNT', 'tokenInAmount', 'the output rounds to 0')
  }

  const volatilityBps = Math.max(market.volatilityBps(tokenIn), market.volatilityBps(tokenOut))
  const recommendedSlippage = (config.baseSlippageBps + volatilityBps) / 100
  const slippage =
    params.slippage === undefined || params.slippage === 'auto'
      ? recommendedSlippage
      : params.slippage
  // Slippage in 1e-4 percent (1e-6 of the amount), so 0.55 % floors exactly like 55 bps.
  const slippageE6 = BigInt(Math.round(slippage * 1e4))
  const minAmount = (amountOut * (1_000_000n - slippageE6)) / 1_000_000n

  const chain = String(params.chainId)
  const costsDetails: CostItem[] = [
    {
      chain,
      tokenIn: tokenIn.address,
      tokenOut: tokenIn.address,
      amountIn: amountIn.toString(),
      amountOut: (amountIn - protocolFee).toString(),
      type: 'SwapFee',
      payload: {
        feeAmount: protocolFee.toString(),
        feeBps: String(config.swapProtocolFeeBps),
        feeApproximateUsdValue: String(market.valueUsd(tokenIn, protocolFee)),
      },
    },
    {
      chain,
      tokenIn: tokenIn.address,
      tokenOut: tokenOut.address,
      amountIn: (amountIn - protocolFee).toString(),
      amountOut: swapped.amountOut.toString(),
      type: 'Swap',
      payload: { amountOutBeforeCorrection: swapped.spotAmountOut.toString() },
    },
  ]
  if (affiliateAmount > 0n) {
    costsDetails.push({
      chain,
      tokenIn: tokenOut.address,
      tokenOut: tokenOut.address,
      amountIn: swapped.amountOut.toString(),
      amountOut: amountOut.toString(),
      type: 'AffiliateFee',
      payload: {
        feeAmount: affiliateAmount.toString(),
        feeBps: String(Math.round((params.affiliateFeePercent ?? 0) * 100)),
      },
    })
  }

  return {
    tokenIn: {
      address: tokenIn.address,
      name: tokenIn.name,
      symbol: tokenIn.symbol,
      decimals: tokenIn.decimals,
      amount: amountIn.toString(),
      approximateUsdValue: market.valueUsd(tokenIn, amountIn),
    },
    tokenOut: {
      address: tokenOut.address,
      name: tokenOut.name,
      symbol: tokenOut.symbol,
      decimals: tokenOut.decimals,
      amount: amountOut.toString(),
      minAmount: minAmount.toString(),
      approximateUsdValue: market.valueUsd(tokenOut, amountOut),
    },
    slippage,
    recommendedSlippage,
    protocolFee: protocolFee.toString(),
    estimatedTransactionFee: buildEstimatedTransactionFee(
      market,
      config,
      params.chainId,
      config.swapGas,
      false,
    ),
    costsDetails,
    comparedAggregators: buildComparedAggregators(market, config, {
      tokenIn,
      amountIn,
      tokenOut,
      amountOut,
    }),
    tx: buildSwapTx({
      tokenIn,
      amountIn,
      tokenOut,
      minAmountOut: minAmount,
      recipient: params.tokenOutRecipient,
      sender: params.senderAddress ?? params.tokenOutRecipient,
      config,
    }),
  }
}
