import { z } from 'zod'
import type { Transport } from '../createTransport.ts'
import { RequestValidationError } from '../RequestValidationError.ts'
import { orderIdParamSchema } from '../requests/buildExternalCallProcessPath.ts'
import { type OrderCancelTx, orderCancelTxSchema } from '../schemas/orderCancelTx.ts'

/**
 * Asks the service for the transaction that cancels an order on its destination chain
 * (GET {base_url}/v1.0/net/order/{orderId}/cancel-tx, or `/v1.0/dln/...` with the real service's
 * `pathPrefix`; docs/dln.md §3.5). The answer is a proposal: ferry signs it only after its own
 * checks (docs/safety.md §7).
 * @throws RequestValidationError when `orderId` is not 0x and 64 hex digits (nothing is sent).
 */
export async function getOrderCancelTx(
  transport: Transport,
  orderId: string,
  options: { signal?: AbortSignal } = {},
): Promise<OrderCancelTx> {
  const parsed = z.object({ orderId: orderIdParamSchema }).safeParse({ orderId })
  if (!parsed.success) throw new RequestValidationError('cancel-tx', parsed.error.issues)
  return transport.request({
    endpoint: 'cancel-tx',
    base: 'api',
    method: 'GET',
    path: `/v1.0/${transport.pathPrefix}/order/${parsed.data.orderId}/cancel-tx`,
    schema: orderCancelTxSchema,
    signal: options.signal,
  })
}
