import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { chainIdSchema } from '../../api/schemas/chainId.ts'
import { UsageError } from '../../common/UsageError.ts'
import type { OrderIntent } from '../../verify/orderIntent.ts'

const baseUnits = z
  .union([z.string().regex(/^(0|[1-9][0-9]*)$/), z.number().int().nonnegative()])
  .transform((v) => BigInt(v))

const intentFileSchema = z.strictObject({
  srcChainId: chainIdSchema,
  dstChainId: chainIdSchema,
  sender: z.string(),
  tokenIn: z.string(),
  amountIn: baseUnits,
  maxPrependedOpex: baseUnits.optional(),
  tokenOut: z.string(),
  minTakeAmount: baseUnits,
  receiver: z.string(),
  srcAuthority: z.string(),
  dstAuthority: z.string(),
  cancelBeneficiary: z.string(),
  allowedTaker: z.union([z.literal('empty'), z.literal('any'), z.array(z.string())]).optional(),
  affiliate: z.strictObject({ recipient: z.string(), amount: baseUnits }).optional(),
  externalCall: z
    .string()
    .regex(/^0x([0-9a-fA-F]{2})*$/)
    .optional(),
  referralCode: z.number().int().nonnegative().optional(),
  /** The orderId the service announced, to compare with the one the transaction creates. */
  orderId: z.string().optional(),
})

/**
 * Reads an {@link OrderIntent} from a JSON file for `ferry inspect --intent`: the type's fields,
 * amounts in base units as decimal strings (or safe integers), plus an optional announced
 * `orderId`. A missing file or a bad field is a {@link UsageError} naming it.
 */
export function parseIntentFile(path: string): { intent: OrderIntent; orderId?: string } {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new UsageError(
      '--intent',
      `cannot read ${path}: ${(error as Error).message.split('\n')[0]}`,
      'give a readable JSON file',
    )
  }
  const parsed = intentFileSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new UsageError(
      `--intent ${issue.path.join('.') || '(root)'}`,
      issue.message,
      'write the OrderIntent fields, amounts as decimal strings of base units',
    )
  }
  const { orderId, ...intent } = parsed.data
  return { intent: intent as OrderIntent, ...(orderId ? { orderId } : {}) }
}
