import { z } from 'zod'
import { problemWithFix, RequestValidationError } from '../RequestValidationError.ts'
import { chainIdSchema } from '../schemas/chainId.ts'
import { checkAddress } from './addressRules.ts'
import {
  affiliateFeePercentSchema,
  baseUnitsParamSchema,
  checkAffiliatePair,
  priorityLevelSchema,
  referralCodeSchema,
  toQuery,
} from './commonParams.ts'

const address = z.string({ error: problemWithFix('must be an address string', 'give the address') })

/** Largest slippage ferry will ask for, in percent; above it a typo is likelier than intent. */
export const MAX_SLIPPAGE_PERCENT = 50

/**
 * Parameters of chain/transaction (docs/service.md §4.5). `slippage` is `auto` (the default) or a percent.
 */
export const swapTxParamsSchema = z
  .strictObject({
    chainId: chainIdSchema,
    tokenIn: address,
    tokenInAmount: baseUnitsParamSchema,
    tokenOut: address,
    tokenOutRecipient: address,
    slippage: z
      .union([
        z.literal('auto'),
        z
          .number({
            error: problemWithFix('must be auto or a percent', 'give auto or e.g. 0.5 for 0.5%'),
          })
          .gt(0, { error: problemWithFix('must be above 0', 'give auto or a percent such as 0.5') })
          .max(MAX_SLIPPAGE_PERCENT, {
            error: problemWithFix(
              `is above ${MAX_SLIPPAGE_PERCENT}%`,
              'give auto or a percent such as 0.5',
            ),
          }),
      ])
      .optional(),
    affiliateFeePercent: affiliateFeePercentSchema.optional(),
    affiliateFeeRecipient: address.optional(),
    senderAddress: address.optional(),
    srcChainPriorityLevel: priorityLevelSchema.optional(),
    referralCode: referralCodeSchema.optional(),
  })
  .superRefine((p, ctx) => {
    for (const key of ['tokenIn', 'tokenOut', 'tokenOutRecipient', 'senderAddress'] as const) {
      checkAddress(ctx, key, p[key], p.chainId, 'swap chain')
    }
    if (p.affiliateFeeRecipient !== undefined && p.chainId !== 7565164) {
      checkAddress(ctx, 'affiliateFeeRecipient', p.affiliateFeeRecipient, p.chainId, 'swap chain')
    }
    if (p.tokenIn.toLowerCase() === p.tokenOut.toLowerCase()) {
      ctx.addIssue({
        code: 'custom',
        path: ['tokenOut'],
        message: problemWithFix('equals tokenIn', 'swap into a different token'),
      })
    }
    checkAffiliatePair(ctx, p.affiliateFeePercent, p.affiliateFeeRecipient)
  })

/** What callers of chain/transaction write: see {@link swapTxParamsSchema}. */
export type SwapTxParams = z.input<typeof swapTxParamsSchema>

/**
 * Validates chain/transaction parameters (docs/service.md §4.5) and turns them into the query.
 * Throws {@link RequestValidationError} naming the parameter and the fix.
 * @see docs/service.md §4.5
 */
export function buildSwapTxQuery(params: SwapTxParams): Record<string, string> {
  const parsed = swapTxParamsSchema.safeParse(params)
  if (!parsed.success) throw new RequestValidationError('chain/transaction', parsed.error.issues)
  return toQuery(parsed.data)
}
