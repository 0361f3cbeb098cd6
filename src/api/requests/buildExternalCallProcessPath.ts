import { z } from 'zod'
import { problemWithFix, RequestValidationError } from '../RequestValidationError.ts'
import { ORDER_ID_RE } from '../schemas/primitives.ts'

/** An orderId as the path parameter of docs/service.md §4.1: 0x and 64 hex digits. */
export const orderIdParamSchema = z.string().regex(ORDER_ID_RE, {
  error: problemWithFix(
    'is not 0x and 64 hex digits',
    'give the orderId exactly as create-tx returned it',
  ),
})

/**
 * Validates the orderId and builds the path of docs/service.md §4.1 (relative to the stats URL).
 * @see docs/service.md §4.1
 */
export function buildExternalCallProcessPath(orderId: string): string {
  const parsed = z.object({ orderId: orderIdParamSchema }).safeParse({ orderId })
  if (!parsed.success) throw new RequestValidationError('externalCallProcess', parsed.error.issues)
  return `/api/Orders/${parsed.data.orderId}/externalCallProcess`
}
