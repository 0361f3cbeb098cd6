import { z } from 'zod'

/**
 * Payload of a cost item (docs/service.md §2.7). Leniency: every field is optional, because each cost type
 * carries a different subset (docs/dln.md §1.2: PreSwap has none, TakerMargin only fee fields).
 */
export const costPayloadSchema = z.looseObject({
  feeAmount: z.string().optional(),
  feeBps: z.string().optional(),
  amountOutBeforeCorrection: z.string().optional(),
  estimatedVolatilityBps: z.string().optional(),
  actualFeeAmount: z.string().optional(),
  actualFeeBps: z.string().optional(),
  subsidyAmount: z.string().optional(),
  feeApproximateUsdValue: z.string().optional(),
})

/**
 * Cost item (docs/service.md §2.7). `type` is a free string: the known values are listed in
 * {@link COST_TYPES}, but the service may add more. Leniency: `payload` may be absent (PreSwap).
 */
export const costItemSchema = z.looseObject({
  chain: z.string(),
  tokenIn: z.string(),
  tokenOut: z.string(),
  amountIn: z.string(),
  amountOut: z.string(),
  type: z.string(),
  payload: costPayloadSchema.optional(),
})

/** Cost types in pipeline order (docs/dln.md §1.2). */
export const COST_TYPES = [
  'PreSwap',
  'PreSwapEstimatedSlippage',
  'DlnProtocolFee',
  'TakerMargin',
  'EstimatedOperatingExpenses',
  'AfterSwap',
  'AfterSwapEstimatedSlippage',
] as const

export type CostItem = z.infer<typeof costItemSchema>
