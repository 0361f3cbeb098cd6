import { z } from 'zod'

/**
 * Address object (docs/service.md §2.2): initiator, extcallBeneficiaries items, leaderboard walletAddress.
 * `Base64Value` is spelt with a capital B, exactly as the service sends it.
 */
export const addressObjectSchema = z.looseObject({
  Base64Value: z.string(),
  bytesArrayValue: z.string(),
  stringValue: z.string(),
})
export type AddressObject = z.infer<typeof addressObjectSchema>
