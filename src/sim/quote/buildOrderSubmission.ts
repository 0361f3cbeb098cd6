import { PublicKey } from '@solana/web3.js'
import { concatHex, type Hex, numberToHex } from 'viem'
import type { z } from 'zod'
import type { createTxParamsSchema } from '../../api/requests/buildCreateTxQuery.ts'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import type { OrderTx } from '../../api/schemas/orderQuote.ts'
import { encodeHookBytes } from '../../chains/hooks/encodeHookBytes.ts'
import { computeOrderId } from '../../chains/orderId/computeOrderId.ts'
import type { DlnOrder, DlnOrderCreation } from '../../chains/orderId/dlnOrder.ts'
import { toAddressBytes } from '../../chains/toAddressBytes.ts'
import type { MarketToken } from '../market/marketToken.ts'
import { buildEvmOrderTx } from './buildEvmOrderTx.ts'
import { buildSolanaOrderTx } from './buildSolanaOrderTx.ts'
import type { QuoteConfig } from './quoteConfig.ts'
import type { EstimateGas } from './quoteContext.ts'
import type { CostPipelineResult } from './runCostPipeline.ts'
import { solanaMintOf } from './solanaOrderLookupTable.ts'

/** What the order needs beyond the cost pipeline. */
export type OrderSubmissionParams = {
  params: z.output<typeof createTxParamsSchema>
  config: QuoteConfig
  maker: string
  salt: number
  tokenIn: MarketToken
  give: MarketToken
  tokenOut: MarketToken
  pipeline: CostPipelineResult
  /** The order's take amount: the pipeline's, or the fixed one of a limit order. */
  takeAmount: bigint
  metadata: Hex
  fixFee: bigint
  /** The pre-swap's slippage allowance, in bps (Jupiter's slippageBps on Solana). */
  preSwapSlippageBps: number
  /** Addresses of the market's Solana tokens (the simulator's lookup table holds their accounts). */
  solanaTokens: readonly string[]
  estimateGas?: EstimateGas | undefined
}

/** The orderId, the signable transaction and the gas it was given. */
export type OrderSubmission = {
  orderId: Hex
  order: DlnOrder
  tx: OrderTx
  /** Set with enableEstimate on EVM sources. */
  gasLimit?: number
}

/**
 * Builds the order exactly as DlnSource will store it (docs/dln.md §4.2: maker = tx.origin = the
 * maker, nonce = salt, give amount after protocol and affiliate fees), its orderId (§4.4) and the
 * source transaction: EVM calldata (§1.4) or, for Solana, a serialized VersionedTransaction.
 * Requires the three build addresses of docs/service.md §4.4 rule 1.
 */
export function buildOrderSubmission(p: OrderSubmissionParams): OrderSubmission {
  const { params, pipeline } = p
  const src = params.srcChainId
  const dst = params.dstChainId
  const srcBytes = (a: string): Hex => toAddressBytes(a, src)
  const dstBytes = (a: string): Hex => toAddressBytes(a, dst)
  const optional = (a: string | undefined, to: (a: string) => Hex): Hex => (a ? to(a) : '0x')
  const recipient = dstBytes(params.dstChainTokenOutRecipient ?? '')
  const authoritySrc = srcBytes(params.srcChainOrderAuthorityAddress ?? '')
  const hook = params.netHook ?? params.externalCall
  const externalCall = encodeHookBytes(hook, dst === SOLANA_CHAIN_ID ? undefined : recipient)
  const common = {
    giveTokenAddress: srcBytes(p.give.address),
    takeTokenAddress: dstBytes(p.tokenOut.address),
    takeAmount: p.takeAmount,
    takeChainId: BigInt(dst),
    receiverDst: recipient,
    givePatchAuthoritySrc: authoritySrc,
    orderAuthorityAddressDst: dstBytes(params.dstChainOrderAuthorityAddress ?? ''),
    allowedTakerDst: optional(params.allowedTaker, dstBytes),
    externalCall,
    allowedCancelBeneficiarySrc: optional(params.srcAllowedCancelBeneficiary, srcBytes),
  }
  const order: DlnOrder = {
    ...common,
    // dln_src's order gives its tokenMint account: wSOL for native SOL (docs/dln.md §4.10).
    ...(src === SOLANA_CHAIN_ID
      ? { giveTokenAddress: srcBytes(solanaMintOf(p.give.address)) }
      : {}),
    makerOrderNonce: BigInt(p.salt),
    makerSrc: srcBytes(p.maker),
    giveChainId: BigInt(src),
    giveAmount: pipeline.orderGiveAmount,
  }
  const orderId = computeOrderId(order)
  // docs/dln.md §1.5: the affiliate fee travels as beneficiary bytes ‖ uint256 amount.
  const affiliateFee: Hex = params.affiliateFeeRecipient
    ? concatHex([
        srcBytes(params.affiliateFeeRecipient),
        numberToHex(pipeline.affiliateAmount, { size: 32 }),
      ])
    : '0x'
  const referralCode = params.referralCode ?? 0
  const nativeAmount = p.tokenIn.isNative ? pipeline.srcAmountIn : 0n

  if (src === SOLANA_CHAIN_ID) {
    const tx = buildSolanaOrderTx({
      maker: p.maker,
      programId: p.config.solanaProgramId,
      order,
      creationGiveAmount: pipeline.creationGiveAmount,
      tokenIn: p.tokenIn.address,
      give: p.give.address,
      preSwap:
        p.tokenIn === p.give || !pipeline.preSwap
          ? undefined
          : {
              amountIn: pipeline.srcAmountIn,
              quotedOutAmount: pipeline.preSwap.amountOut,
              slippageBps: p.preSwapSlippageBps,
            },
      affiliateFee: params.affiliateFeeRecipient
        ? {
            beneficiary: new PublicKey(params.affiliateFeeRecipient),
            amount: pipeline.affiliateAmount,
          }
        : undefined,
      referralCode,
      metadata: p.metadata,
      computeUnitLimit: p.config.solanaComputeUnitLimit,
      computeUnitPriceMicroLamports: p.config.solanaComputeUnitPriceMicroLamports,
      tableTokens: p.solanaTokens,
    })
    return { orderId, order, tx }
  }

  const creation: DlnOrderCreation = { ...common, giveAmount: pipeline.creationGiveAmount }
  const evm = buildEvmOrderTx({
    creation,
    salt: BigInt(p.salt),
    affiliateFee,
    referralCode,
    permitEnvelope: (params.srcChainTokenInSenderPermit ?? '0x') as Hex,
    metadata: p.metadata,
    preSwap:
      p.tokenIn === p.give
        ? undefined
        : {
            tokenIn: srcBytes(p.tokenIn.address),
            amountIn: pipeline.srcAmountIn,
            tokenOut: srcBytes(p.give.address),
            expectedAmountOut: pipeline.creationGiveAmount,
            // The pre-swap surplus goes to srcChainRefundAddress when given (docs/dln.md §1.1).
            refundRecipient: srcBytes(params.srcChainRefundAddress ?? p.maker),
            router: p.config.swapRouterAddress,
          },
    value: p.fixFee + nativeAmount,
  })
  const tx: OrderTx = { to: evm.to, data: evm.data, value: evm.value.toString() }
  // docs/dln.md §1.4: ERC-20 input is approved to the contract the tx goes to.
  if (!p.tokenIn.isNative) tx.allowanceTarget = evm.to
  if (!params.enableEstimate) return { orderId, order, tx }
  const gasLimit =
    p.estimateGas?.({
      chainId: src,
      from: params.senderAddress ?? p.maker,
      to: evm.to,
      data: evm.data,
      value: evm.value,
    }) ?? (p.tokenIn === p.give ? p.config.createOrderGas : p.config.swapAndCreateOrderGas)
  tx.gasLimit = gasLimit
  return { orderId, order, tx, gasLimit }
}
