import { z } from 'zod'

/**
 * Error body of the service (docs/dln.md §2.1, architecture decision 7). Leniency: `errorCode` and
 * `errorMessage` may be missing, since only `errorId` marks a body as an error; `reqId` is an
 * extra some answers carry.
 */
export const serviceErrorBodySchema = z.looseObject({
  errorCode: z.number().optional(),
  errorId: z.string(),
  errorMessage: z.string().optional(),
  errorPayload: z.unknown().optional(),
  reqId: z.string().optional(),
})
export type ServiceErrorBody = z.infer<typeof serviceErrorBodySchema>

/** Known errorIds (docs/dln.md §2.2), for the simulator and for matching in the client. */
export const ERROR_IDS = {
  INVALID_QUERY_PARAMETERS: 2,
  ERROR_LOW_GIVE_AMOUNT: 12,
  UNKNOWN_ORDER: 15,
  SAME_SOURCE_AND_DESTINATION_CHAINS: 25,
  COMPLIANCE_ADDRESS_BLOCKED: 123,
} as const
