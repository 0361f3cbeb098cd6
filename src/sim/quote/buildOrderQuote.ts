import type { z } from 'zod'
import {
  BUILD_ADDRESS_PARAMS,
  type createTxParamsSchema,
} from '../../api/requests/buildCreateTxQuery.ts'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import type { OrderQuote } from '../../api/schemas/orderQuote.ts'
import { CHAINS } from '../../chains/chainRegistry.ts'
import type { MarketToken } from '../market/marketToken.ts'
import { buildEstimatedTransactionFee } from './buildEstimatedTransactionFee.ts'
import { buildOrderMetadata } from './buildOrderMetadata.ts'
import { buildOrderSubmission, type OrderSubmission } from './buildOrderSubmission.ts'
import { pickReserveTokens } from './pickReserveTokens.ts'
import { QuoteBuildError } from './QuoteBuildError.ts'
import { DEFAULT_QUOTE_CONFIG, type QuoteConfig } from './quoteConfig.ts'
import type { QuoteContext } from './quoteContext.ts'
import { roundTo } from './roundTo.ts'
import { type CostPipelineParams, runCostPipeline } from './runCostPipeline.ts'

type TokenFields = Pick<MarketToken, 'address' | 'chainId' | 'decimals' | 'name' | 'symbol'>

const tokenFields = (t: MarketToken): TokenFields => ({
  address: t.address,
  chainId: t.chainId,
  decimals: t.decimals,
  name: t.name,
  symbol: t.symbol,
})

/**
 * The simulator's create-tx answer (docs/service.md §2.6, §4.4) for validated params, following the cost
 * pipeline of docs/dln.md §1.2-1.3 with floor division (see {@link runCostPipeline}). Defaults:
 * protocol fee 4 bps, taker margin 4 bps plus additionalTakerRewardBps, opex per destination in
 * USD, fixFee per source from docs/dln.md §1.5 ({@link DEFAULT_QUOTE_CONFIG}).
 * - `dstChainTokenOutAmount` fixed = limit order: the take amount is the one given; `auto` or
 *   absent = market order. `ptp`/`otc` = no pre- or after-swap.
 * - recommendedAmount = the market take; withoutAdditionalTakerRewardsAmount = the take with the
 *   default margin only; maxTheoreticalAmount = no margin and no slippage allowances.
 * - recommendedSlippage (percent) = the sum of the pre- and after-swap allowances.
 * - usdPriceImpact (percent, negative = loss) = output USD vs. input USD, all costs included.
 * - userPoints = pointsPerUsd x USD(protocol fee + fixFee), 2 decimals; integratorPoints = 25 %
 *   of it with a referralCode, else 0 (docs/dln.md §1.3, §7).
 * - Quote-only (a rule-1 address missing, docs/service.md §4.4): no tx and no orderId.
 * Throws {@link QuoteBuildError} for tokens the market does not trade or amounts that do not
 * cover the costs.
 */
export function buildOrderQuote(
  params: z.output<typeof createTxParamsSchema>,
  ctx: QuoteContext,
): OrderQuote {
  const config: QuoteConfig = { ...DEFAULT_QUOTE_CONFIG, ...ctx.config }
  const { market } = ctx
  const src = params.srcChainId
  const dst = params.dstChainId
  const tokenIn = market.findToken(src, params.srcChainTokenIn)
  if (!tokenIn) {
    throw new QuoteBuildError('UNSUPPORTED_TOKEN_IN', 'srcChainTokenIn', `not traded on ${src}`)
  }
  const tokenOut = market.findToken(dst, params.dstChainTokenOut)
  if (!tokenOut) {
    throw new QuoteBuildError('UNSUPPORTED_TOKEN_OUT', 'dstChainTokenOut', `not traded on ${dst}`)
  }
  const { give, takeReserve } = pickReserveTokens(market, {
    srcChainId: src,
    dstChainId: dst,
    tokenIn,
    tokenOut,
    ptp: params.ptp ?? params.otc ?? false,
    srcIntermediaryTokenAddress: params.srcIntermediaryTokenAddress,
    dstIntermediaryTokenAddress: params.dstIntermediaryTokenAddress,
  })

  const preSwapVolatilityBps = Math.max(market.volatilityBps(tokenIn), market.volatilityBps(give))
  const afterSwapVolatilityBps = Math.max(
    market.volatilityBps(takeReserve),
    market.volatilityBps(tokenOut),
  )
  const additionalTakerRewardBps = params.additionalTakerRewardBps ?? 0
  const base: CostPipelineParams = {
    market,
    tokenIn,
    requestedAmount: BigInt(params.srcChainTokenInAmount),
    give,
    takeReserve,
    tokenOut,
    prependOperatingExpenses: params.prependOperatingExpenses ?? false,
    opexUsd: config.opexUsd[dst] ?? config.defaultOpexUsd,
    affiliateFeePercent: params.affiliateFeePercent ?? 0,
    protocolFeeBps: config.protocolFeeBpsByChain[src] ?? config.protocolFeeBps,
    takerMarginBps: config.takerMarginBps + additionalTakerRewardBps,
    preSwapSlippageBps: config.baseSlippageBps + preSwapVolatilityBps,
    afterSwapSlippageBps: config.baseSlippageBps + afterSwapVolatilityBps,
    preSwapVolatilityBps,
    afterSwapVolatilityBps,
  }
  const quoted = runCostPipeline(base)
  const withoutAdditional =
    additionalTakerRewardBps > 0
      ? runCostPipeline({ ...base, takerMarginBps: config.takerMarginBps })
      : quoted
  const theoretical = runCostPipeline({
    ...base,
    takerMarginBps: 0,
    preSwapSlippageBps: 0,
    afterSwapSlippageBps: 0,
  })
  const fixedTake = params.dstChainTokenOutAmount
  const takeAmount =
    fixedTake === undefined || fixedTake === 'auto' ? quoted.takeAmount : BigInt(fixedTake)

  const fixFee = config.fixFee[src] ?? CHAINS[src].fixedFeeFallback ?? 0n
  const salt = config.saltOf(ctx.nowMs)
  const metadata = buildOrderMetadata({
    additionalTakerRewardBps,
    operatingExpensesAmount: quoted.opexTakeAmount,
    recommendedTakeAmount: quoted.takeAmount,
    userMetadata: params.metadata,
  })
  const maker = ctx.maker ?? params.senderAddress ?? params.srcChainOrderAuthorityAddress
  const buildable = BUILD_ADDRESS_PARAMS.every((k) => params[k] !== undefined)
  const submission: OrderSubmission | undefined =
    buildable && maker
      ? buildOrderSubmission({
          params,
          config,
          maker,
          salt,
          tokenIn,
          give,
          tokenOut,
          pipeline: quoted,
          takeAmount,
          metadata,
          fixFee,
          preSwapSlippageBps: base.preSwapSlippageBps,
          solanaTokens: market.tokensOf(SOLANA_CHAIN_ID).map((t) => t.address),
          estimateGas: ctx.estimateGas,
        })
      : undefined

  const usd = (t: MarketToken, amount: bigint): number => market.valueUsd(t, amount)
  const native = market.nativeToken(src)
  const protocolFeeUsd = usd(give, quoted.protocolFee)
  const userPoints = roundTo(config.pointsPerUsd * (protocolFeeUsd + usd(native, fixFee)), 2)
  const inUsd = usd(tokenIn, quoted.srcAmountIn)
  const outUsd = usd(tokenOut, takeAmount)
  const slippageBps =
    (quoted.preSwap ? base.preSwapSlippageBps : 0) +
    (quoted.afterSwap ? base.afterSwapSlippageBps : 0)
  const withEstimate = params.enableEstimate === true && submission !== undefined

  return {
    estimation: {
      srcChainTokenIn: {
        ...tokenFields(tokenIn),
        amount: quoted.srcAmountIn.toString(),
        approximateOperatingExpense: quoted.opexInInputToken.toString(),
        mutatedWithOperatingExpense: base.prependOperatingExpenses,
        approximateUsdValue: inUsd,
        originApproximateUsdValue: usd(tokenIn, base.requestedAmount),
      },
      ...(quoted.preSwap
        ? {
            srcChainTokenOut: {
              ...tokenFields(give),
              amount: quoted.creationGiveAmount.toString(),
              maxRefundAmount: quoted.preSwap.slippageAmount.toString(),
              approximateUsdValue: usd(give, quoted.creationGiveAmount),
            },
          }
        : {}),
      dstChainTokenOut: {
        ...tokenFields(tokenOut),
        amount: takeAmount.toString(),
        recommendedAmount: quoted.takeAmount.toString(),
        withoutAdditionalTakerRewardsAmount: withoutAdditional.takeAmount.toString(),
        maxTheoreticalAmount: theoretical.takeAmount.toString(),
        approximateUsdValue: outUsd,
        recommendedApproximateUsdValue: usd(tokenOut, quoted.takeAmount),
        withoutAdditionalTakerRewardsApproximateUsdValue: usd(
          tokenOut,
          withoutAdditional.takeAmount,
        ),
        maxTheoreticalApproximateUsdValue: usd(tokenOut, theoretical.takeAmount),
      },
      recommendedSlippage: slippageBps / 100,
      costsDetails: quoted.costsDetails,
    },
    ...(submission ? { tx: submission.tx, orderId: submission.orderId } : {}),
    ...(base.prependOperatingExpenses
      ? { prependedOperatingExpenseCost: quoted.opexInInputToken.toString() }
      : {}),
    order: {
      approximateFulfillmentDelay:
        config.fulfillmentDelaySec[src] ?? config.defaultFulfillmentDelaySec,
      salt,
      metadata,
    },
    fixFee: fixFee.toString(),
    protocolFee: quoted.protocolFee.toString(),
    protocolFeeApproximateUsdValue: protocolFeeUsd,
    userPoints,
    integratorPoints:
      params.referralCode === undefined ? 0 : roundTo(userPoints * config.integratorPointsShare, 2),
    usdPriceImpact: inUsd === 0 ? 0 : roundTo(((outUsd - inUsd) / inUsd) * 100, 6),
    ...(withEstimate
      ? {
          estimatedTransactionFee: buildEstimatedTransactionFee(
            market,
            config,
            src,
            submission.gasLimit ?? 0,
            true,
          ),
        }
      : {}),
  }
}
