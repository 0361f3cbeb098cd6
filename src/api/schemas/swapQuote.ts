import { z } from 'zod'
import { costItemSchema } from './costItem.ts'
import { estimatedTransactionFeeSchema } from './estimatedTransactionFee.ts'
import { amountStringSchema, intSchema } from './primitives.ts'

/** One aggregator the service compared itself with (docs/service.md §2.9). */
export const comparedAggregatorSchema = z.looseObject({
  name: z.string(),
  amount: amountStringSchema,
  approximateUsdValue: z.number(),
  /** How much worse than the chosen route, most likely in percent (docs/dln.md §6, unconfirmed). */
  priceDrop: z.number(),
  imageUrl: z.string(),
})

/**
 * tx of a single-chain swap (docs/service.md §2.9). Leniencies: `to` and `value` are absent on Solana, whose
 * tx is only `data`; gasLimit, gasPrice and estimatedTransactionFee come only for max-amount
 * requests.
 */
export const swapTxSchema = z.looseObject({
  to: z.string().optional(),
  data: z.string(),
  value: amountStringSchema.optional(),
  gasLimit: z.union([intSchema, amountStringSchema]).optional(),
  gasPrice: amountStringSchema.optional(),
  estimatedTransactionFee: z.union([amountStringSchema, estimatedTransactionFeeSchema]).optional(),
})

/** Single-chain swap quote response (docs/service.md §2.9), the answer of chain/transaction (docs/service.md §4.5). */
export const swapQuoteSchema = z.looseObject({
  tokenIn: z.looseObject({
    address: z.string(),
    name: z.string(),
    symbol: z.string(),
    decimals: intSchema,
    amount: amountStringSchema,
    approximateUsdValue: z.number(),
  }),
  tokenOut: z.looseObject({
    address: z.string(),
    name: z.string(),
    symbol: z.string(),
    decimals: intSchema,
    amount: amountStringSchema,
    minAmount: amountStringSchema,
    approximateUsdValue: z.number(),
  }),
  slippage: z.number(),
  recommendedSlippage: z.number().optional(),
  protocolFee: amountStringSchema.optional(),
  estimatedTransactionFee: estimatedTransactionFeeSchema.optional(),
  costsDetails: z.array(costItemSchema).optional(),
  comparedAggregators: z.array(comparedAggregatorSchema),
  tx: swapTxSchema,
})

export type ComparedAggregator = z.infer<typeof comparedAggregatorSchema>
export type SwapQuote = z.infer<typeof swapQuoteSchema>
