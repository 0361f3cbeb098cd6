import type { Transport } from '../createTransport.ts'
import { buildExternalCallProcessPath } from '../requests/buildExternalCallProcessPath.ts'
import {
  type ExternalCallProcess,
  externalCallProcessSchema,
} from '../schemas/externalCallProcess.ts'

/**
 * Reads the external-call (hook) steps of an order
 * (GET {stats_url}/api/Orders/{orderId}/externalCallProcess).
 * @see docs/service.md §4.1
 */
export async function getExternalCallProcess(
  transport: Transport,
  orderId: string,
  options: { signal?: AbortSignal } = {},
): Promise<ExternalCallProcess> {
  return transport.request({
    endpoint: 'externalCallProcess',
    base: 'stats',
    method: 'GET',
    path: buildExternalCallProcessPath(orderId),
    schema: externalCallProcessSchema,
    signal: options.signal,
  })
}
