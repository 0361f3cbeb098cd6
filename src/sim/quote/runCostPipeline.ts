import type { CostItem } from '../../api/schemas/costItem.ts'
import { mulBps } from '../../common/amounts.ts'
import type { Market } from '../market/market.ts'
import type { MarketToken } from '../market/marketToken.ts'
import { QuoteBuildError } from './QuoteBuildError.ts'

/** Inputs of one pass of the create-tx cost pipeline. Amounts are base units. */
export type CostPipelineParams = {
  market: Market
  tokenIn: MarketToken
  /** The amount the user asked to spend, before any prepended opex. */
  requestedAmount: bigint
  give: MarketToken
  takeReserve: MarketToken
  tokenOut: MarketToken
  prependOperatingExpenses: boolean
  opexUsd: number
  /** affiliateFeePercent (0.1 = 0.1 %), 0 for none. */
  affiliateFeePercent: number
  protocolFeeBps: number
  /** Taker margin including additionalTakerRewardBps; 0 for the theoretical maximum. */
  takerMarginBps: number
  /** Slippage allowances; 0 for the theoretical maximum. */
  preSwapSlippageBps: number
  afterSwapSlippageBps: number
  /** Estimated volatility reported with each slippage item, in bps. */
  preSwapVolatilityBps: number
  afterSwapVolatilityBps: number
}

/** Every amount of the pipeline, and its cost items in order (docs/dln.md §1.2). */
export type CostPipelineResult = {
  /** srcChainTokenIn.amount: requested plus prepended opex. */
  srcAmountIn: bigint
  /** Opex expressed in the input token (approximateOperatingExpense). */
  opexInInputToken: bigint
  preSwap?: { amountOut: bigint; slippageAmount: bigint; priceImpactBps: number }
  /** OrderCreation.giveAmount: what DlnSource receives. */
  creationGiveAmount: bigint
  affiliateAmount: bigint
  protocolFee: bigint
  /** Order.giveAmount as stored on-chain: creation amount minus protocol fee and affiliate. */
  orderGiveAmount: bigint
  takerMargin: bigint
  opexTakeAmount: bigint
  afterSwap?: { amountOut: bigint; slippageAmount: bigint; priceImpactBps: number }
  /** The take amount the pipeline proposes (dstChainTokenOut.recommendedAmount). */
  takeAmount: bigint
  costsDetails: CostItem[]
}

const item = (
  token: MarketToken,
  type: string,
  amountIn: bigint,
  amountOut: bigint,
  payload?: CostItem['payload'],
  tokenOut: MarketToken = token,
): CostItem => ({
  chain: String(token.chainId),
  tokenIn: token.address,
  tokenOut: tokenOut.address,
  amountIn: amountIn.toString(),
  amountOut: amountOut.toString(),
  type,
  ...(payload ? { payload } : {}),
})

/**
 * The create-tx cost pipeline of docs/dln.md §1.2-1.3, floor division everywhere: prepend opex to
 * the input; PreSwap into the give token with its slippage allowance; DlnProtocolFee in bps of the
 * creation give amount (as DlnSource computes it); the affiliate fee, affiliateFeePercent of the
 * creation give amount (item type `AffiliateFee`, an addition of ours so that amounts chain); TakerMargin and EstimatedOperatingExpenses on the
 * destination reserve; AfterSwap into the output with its slippage allowance. Each item's
 * amountOut is the next one's amountIn except across the give-to-reserve bridge, which converts
 * decimals (and prices, if the two differ). Throws ERROR_LOW_GIVE_AMOUNT when costs eat it all.
 */
export function runCostPipeline(p: CostPipelineParams): CostPipelineResult {
  const { market } = p
  const costsDetails: CostItem[] = []
  const opexInInputToken = market.amountForUsd(p.tokenIn, p.opexUsd)
  const srcAmountIn = p.requestedAmount + (p.prependOperatingExpenses ? opexInInputToken : 0n)

  let creationGiveAmount = srcAmountIn
  let preSwap: CostPipelineResult['preSwap']
  if (p.tokenIn !== p.give) {
    const swap = market.swap(p.tokenIn, srcAmountIn, p.give)
    const slippageAmount = mulBps(swap.amountOut, p.preSwapSlippageBps)
    creationGiveAmount = swap.amountOut - slippageAmount
    preSwap = { amountOut: swap.amountOut, slippageAmount, priceImpactBps: swap.priceImpactBps }
    costsDetails.push(
      item(p.tokenIn, 'PreSwap', srcAmountIn, swap.amountOut, undefined, p.give),
      item(p.give, 'PreSwapEstimatedSlippage', swap.amountOut, creationGiveAmount, {
        feeAmount: slippageAmount.toString(),
        feeBps: String(p.preSwapSlippageBps),
        estimatedVolatilityBps: String(p.preSwapVolatilityBps),
      }),
    )
  }

  const protocolFee = mulBps(creationGiveAmount, p.protocolFeeBps)
  const afterProtocolFee = creationGiveAmount - protocolFee
  costsDetails.push(
    item(p.give, 'DlnProtocolFee', creationGiveAmount, afterProtocolFee, {
      feeAmount: protocolFee.toString(),
      feeBps: String(p.protocolFeeBps),
      feeApproximateUsdValue: String(market.valueUsd(p.give, protocolFee)),
    }),
  )
  // Percent with up to six decimals, so 0.1 % of an amount is amount * 100000 / 1e8, floored.
  const affiliatePercentE6 = BigInt(Math.round(p.affiliateFeePercent * 1e6))
  const affiliateAmount = (creationGiveAmount * affiliatePercentE6) / 100_000_000n
  const orderGiveAmount = afterProtocolFee - affiliateAmount
  if (affiliateAmount > 0n) {
    costsDetails.push(
      item(p.give, 'AffiliateFee', afterProtocolFee, orderGiveAmount, {
        feeAmount: affiliateAmount.toString(),
        feeBps: String(Math.round(p.affiliateFeePercent * 100)),
      }),
    )
  }

  const reserveAmount = market.convert(p.give, orderGiveAmount, p.takeReserve)
  const takerMargin = mulBps(reserveAmount, p.takerMarginBps)
  const afterMargin = reserveAmount - takerMargin
  const opexTakeAmount = market.amountForUsd(p.takeReserve, p.opexUsd)
  const afterOpex = afterMargin - opexTakeAmount
  if (orderGiveAmount <= 0n || afterOpex <= 0n) {
    throw new QuoteBuildError(
      'ERROR_LOW_GIVE_AMOUNT',
      'srcChainTokenInAmount',
      `${p.requestedAmount} ${p.tokenIn.symbol} does not cover the fees and operating expenses`,
    )
  }
  costsDetails.push(
    item(p.takeReserve, 'TakerMargin', reserveAmount, afterMargin, {
      feeAmount: takerMargin.toString(),
      feeBps: String(p.takerMarginBps),
    }),
    item(p.takeReserve, 'EstimatedOperatingExpenses', afterMargin, afterOpex, {
      feeAmount: opexTakeAmount.toString(),
    }),
  )

  let takeAmount = afterOpex
  let afterSwap: CostPipelineResult['afterSwap']
  if (p.tokenOut !== p.takeReserve) {
    const swap = market.swap(p.takeReserve, afterOpex, p.tokenOut)
    const slippageAmount = mulBps(swap.amountOut, p.afterSwapSlippageBps)
    takeAmount = swap.amountOut - slippageAmount
    afterSwap = { amountOut: swap.amountOut, slippageAmount, priceImpactBps: swap.priceImpactBps }
    costsDetails.push(
      item(
        p.takeReserve,
        'AfterSwap',
        afterOpex,
        swap.amountOut,
        { amountOutBeforeCorrection: swap.spotAmountOut.toString() },
        p.tokenOut,
      ),
      item(p.tokenOut, 'AfterSwapEstimatedSlippage', swap.amountOut, takeAmount, {
        feeAmount: slippageAmount.toString(),
        feeBps: String(p.afterSwapSlippageBps),
        estimatedVolatilityBps: String(p.afterSwapVolatilityBps),
      }),
    )
  }

  return {
    srcAmountIn,
    opexInInputToken,
    ...(preSwap ? { preSwap } : {}),
    creationGiveAmount,
    affiliateAmount,
    protocolFee,
    orderGiveAmount,
    takerMargin,
    opexTakeAmount,
    ...(afterSwap ? { afterSwap } : {}),
    takeAmount,
    costsDetails,
  }
}
