import { z } from 'zod'

/**
 * Estimated transaction fee object (docs/service.md §2.8). Leniencies: each `details` field is optional,
 * because EVM answers carry gas fields and Solana answers rent and lamport fields
 * (docs/dln.md §1.2); `approximateUsdValue` is optional, as it is missing from some answers.
 */
export const estimatedTransactionFeeSchema = z.looseObject({
  total: z.string(),
  details: z.looseObject({
    giveOrderState: z.string().optional(),
    giveOrderWallet: z.string().optional(),
    nonceMaster: z.string().optional(),
    txFee: z.string().optional(),
    priorityFee: z.string().optional(),
    gasLimit: z.string().optional(),
    gasPrice: z.string().optional(),
    baseFee: z.string().optional(),
    maxFeePerGas: z.string().optional(),
    maxPriorityFeePerGas: z.string().optional(),
  }),
  approximateUsdValue: z.number().optional(),
})
export type EstimatedTransactionFee = z.infer<typeof estimatedTransactionFeeSchema>
