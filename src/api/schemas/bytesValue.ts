import { z } from 'zod'

/**
 * Bytes-value object (docs/service.md §2.1), used for transactionHash and blockHash: the same bytes as
 * base64 (`bytesValue`), as a stringified byte array, and as 0x hex (`stringValue`).
 */
export const bytesValueSchema = z.looseObject({
  bytesValue: z.string(),
  bytesArrayValue: z.string(),
  stringValue: z.string(),
})
export type BytesValue = z.infer<typeof bytesValueSchema>
