import { z } from 'zod'
import { costItemSchema } from './costItem.ts'
import { estimatedTransactionFeeSchema } from './estimatedTransactionFee.ts'
import { amountStringSchema, intSchema } from './primitives.ts'

const tokenFields = {
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  decimals: intSchema,
  chainId: intSchema,
}

/** estimation.srcChainTokenIn (docs/service.md §2.6). With prepend, `amount` includes the opex. */
export const srcChainTokenInSchema = z.looseObject({
  ...tokenFields,
  amount: amountStringSchema,
  approximateOperatingExpense: amountStringSchema,
  mutatedWithOperatingExpense: z.boolean(),
  approximateUsdValue: z.number(),
  originApproximateUsdValue: z.number(),
})

/** estimation.srcChainTokenOut (docs/service.md §2.6): the reserve asset after a pre-swap. */
export const srcChainTokenOutSchema = z.looseObject({
  ...tokenFields,
  amount: amountStringSchema,
  maxRefundAmount: amountStringSchema,
  approximateUsdValue: z.number(),
})

/**
 * estimation.dstChainTokenOut (docs/service.md §2.6). Leniency: `withoutAdditionalTakerRewardsAmount` and
 * its USD twin are optional; the real answer of docs/dln.md §1.3 has neither.
 */
export const dstChainTokenOutSchema = z.looseObject({
  ...tokenFields,
  amount: amountStringSchema,
  recommendedAmount: amountStringSchema,
  withoutAdditionalTakerRewardsAmount: amountStringSchema.optional(),
  maxTheoreticalAmount: amountStringSchema,
  approximateUsdValue: z.number(),
  recommendedApproximateUsdValue: z.number(),
  maxTheoreticalApproximateUsdValue: z.number(),
  withoutAdditionalTakerRewardsApproximateUsdValue: z.number().optional(),
})

/**
 * estimation (docs/service.md §2.6). Leniency: `srcChainTokenOut` is optional, because the service sends it
 * only when a pre-swap into a reserve asset happens (docs/dln.md §1.2).
 */
export const orderEstimationSchema = z.looseObject({
  srcChainTokenIn: srcChainTokenInSchema,
  srcChainTokenOut: srcChainTokenOutSchema.optional(),
  dstChainTokenOut: dstChainTokenOutSchema,
  recommendedSlippage: z.number(),
  costsDetails: z.array(costItemSchema),
})

/**
 * tx of a create-tx answer (docs/service.md §2.6). Leniencies: `to` and `value` are absent for a Solana
 * source, whose tx is only `data` (a serialized VersionedTransaction, docs/dln.md §1.4); `gasLimit`
 * is present only with enableEstimate; `allowanceTarget` is an extra some answers carry.
 */
export const orderTxSchema = z.looseObject({
  to: z.string().optional(),
  data: z.string(),
  value: amountStringSchema.optional(),
  gasLimit: intSchema.optional(),
  allowanceTarget: z.string().optional(),
})

/** `order` of a create-tx answer (docs/service.md §2.6): what the built order carries besides its struct. */
const orderFieldsSchema = z.looseObject({
  approximateFulfillmentDelay: intSchema,
  salt: intSchema,
  metadata: z.string(),
})

/**
 * Cross-chain order quote response (docs/service.md §2.6), the answer of create-tx (docs/service.md §4.4).
 * Leniencies: `tx` is absent on a quote-only answer (spec rule 1), and so is `orderId`, since no
 * order exists without its maker and authorities; an estimation-only answer may also lack `order`
 * and the points fields (docs/service.md §10). {@link orderTxResponseSchema} requires them all.
 * `usdPriceImpact` is an object in the spec and a number in the real service (docs/dln.md §1.2):
 * both are accepted.
 */
export const orderQuoteSchema = z.looseObject({
  estimation: orderEstimationSchema,
  tx: orderTxSchema.optional(),
  orderId: z.string().optional(),
  prependedOperatingExpenseCost: amountStringSchema.optional(),
  order: orderFieldsSchema.optional(),
  fixFee: amountStringSchema,
  protocolFee: amountStringSchema.optional(),
  userPoints: z.number().optional(),
  integratorPoints: z.number().optional(),
  actualUserPoints: z.number().optional(),
  actualIntegratorPoints: z.number().optional(),
  estimatedTransactionFee: estimatedTransactionFeeSchema.optional(),
  usdPriceImpact: z.union([z.number(), z.looseObject({})]).optional(),
})

/**
 * A create-tx answer that carries a signable transaction: `tx`, `orderId`, `order` and the points
 * fields are required.
 */
export const orderTxResponseSchema = orderQuoteSchema.extend({
  tx: orderTxSchema,
  order: orderFieldsSchema,
  userPoints: z.number(),
  integratorPoints: z.number(),
  orderId: z.string().regex(/^0x[0-9a-fA-F]{64}$/, { error: 'must be 0x and 64 hex digits' }),
})

/** The same answer without its transaction: what a quote-only request gets (docs/service.md §4.4 rule 1). */
export const orderQuoteOnlySchema = orderQuoteSchema.omit({ tx: true })

export type OrderEstimation = z.infer<typeof orderEstimationSchema>
export type OrderTx = z.infer<typeof orderTxSchema>
/** A create-tx answer, with or without a transaction. */
export type OrderQuote = z.infer<typeof orderQuoteSchema>
/** A create-tx answer with no signable transaction in its type. */
export type OrderQuoteOnly = z.infer<typeof orderQuoteOnlySchema>
/** A create-tx answer that was asked to build a transaction and did. */
export type OrderTxResponse = z.infer<typeof orderTxResponseSchema>
