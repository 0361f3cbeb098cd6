import { ERROR_IDS, type ServiceErrorBody } from '../../api/schemas/serviceErrorBody.ts'

/**
 * errorCode of each errorId the simulator sends. The first five are the real codes
 * (docs/dln.md §2.2); the codes of the others are not public, so the 1000+ numbers are this
 * simulator's assumption and only the errorId should be matched on.
 */
export const SIM_ERROR_CODES = {
  ...ERROR_IDS,
  AFFILIATE_FEE_PERCENT_NOT_SET: 1001,
  AFFILIATE_FEE_RECIPIENT_NOT_SET: 1002,
  SENDER_ADDRESS_EMPTY: 1003,
  ESTIMATION_FAILED: 1004,
  INTERMEDIARY_TOKEN_NOT_CONFIGURED: 1005,
  INTERMEDIARY_TOKEN_NOT_FUNDED: 1008,
  INTERMEDIARY_TOKEN_APPROVALS_MISSING: 1009,
  INTERNAL_SERVER_ERROR: 1006,
  TOO_MANY_REQUESTS: 1007,
  UNSUPPORTED_TOKEN_IN: 1010,
  UNSUPPORTED_TOKEN_OUT: 1011,
  IMPOSSIBLE_ROUTE: 1012,
  CANCEL_TX_UNSUPPORTED: 1013,
} as const

/** An errorId the simulator sends. */
export type SimErrorId = keyof typeof SIM_ERROR_CODES

/** A full error body of the service (docs/dln.md §2.1). */
export type SimErrorBody = ServiceErrorBody & { errorCode: number; errorMessage: string }

/** Builds the error body `{errorCode, errorId, errorMessage, errorPayload?}` (docs/dln.md §2.1). */
export function simErrorBody(
  errorId: SimErrorId,
  errorMessage: string,
  errorPayload?: unknown,
): SimErrorBody {
  return {
    errorCode: SIM_ERROR_CODES[errorId],
    errorId,
    errorMessage,
    ...(errorPayload === undefined ? {} : { errorPayload }),
  }
}

/** errorCode of any errorId: its {@link SIM_ERROR_CODES} entry, or 0 when unknown (assumption). */
export function errorCodeOf(errorId: string): number {
  return (SIM_ERROR_CODES as Record<string, number>)[errorId] ?? 0
}
