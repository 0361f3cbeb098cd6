import type { Logger } from '../../common/Logger.ts'
import type { Transport } from '../createTransport.ts'
import {
  type BuildableCreateTxParams,
  buildCreateTxQuery,
  type CreateTxParams,
} from '../requests/buildCreateTxQuery.ts'
import { toServiceQuery } from '../requests/toServiceQuery.ts'
import {
  type OrderQuoteOnly,
  type OrderTxResponse,
  orderQuoteSchema,
  orderTxResponseSchema,
} from '../schemas/orderQuote.ts'

/** A create-tx answer to a quote-only request: no signable transaction (docs/service.md §4.4 rule 1). */
export type OrderQuoteResult = { kind: 'quote'; quote: OrderQuoteOnly }
/** A create-tx answer to a buildable request: `tx` and `orderId` are present and checked. */
export type OrderTxResult = { kind: 'tx'; quote: OrderTxResponse }

/**
 * Quotes a cross-chain order and, when the recipient and both authorities are given, builds its
 * transaction (GET {base_url}/v1.0/net/order/create-tx, or `/v1.0/dln/...` with the real
 * service's `pathPrefix`). The parameters are validated before
 * any request; the answer is parsed with the docs/service.md §2.6 schema. A buildable request whose answer
 * lacks `tx` is a {@link ServiceResponseError} at `tx`.
 * @see docs/service.md §4.4
 */
export async function createOrderTx(
  transport: Transport,
  params: BuildableCreateTxParams,
  options?: { signal?: AbortSignal; logger?: Logger },
): Promise<OrderTxResult>
export async function createOrderTx(
  transport: Transport,
  params: CreateTxParams,
  options?: { signal?: AbortSignal; logger?: Logger },
): Promise<OrderQuoteResult | OrderTxResult>
export async function createOrderTx(
  transport: Transport,
  params: CreateTxParams,
  options: { signal?: AbortSignal; logger?: Logger } = {},
): Promise<OrderQuoteResult | OrderTxResult> {
  const { kind, query, warnings } = buildCreateTxQuery(params)
  for (const warning of warnings) options.logger?.warn({ endpoint: 'create-tx' }, warning)
  const request = {
    endpoint: 'create-tx',
    base: 'api',
    method: 'GET',
    path: `/v1.0/${transport.pathPrefix}/order/create-tx`,
    query: toServiceQuery(query, transport.pathPrefix),
    signal: options.signal,
  } as const
  if (kind === 'tx') {
    return { kind, quote: await transport.request({ ...request, schema: orderTxResponseSchema }) }
  }
  const { tx: _ignored, ...quote } = await transport.request({
    ...request,
    schema: orderQuoteSchema,
  })
  return { kind, quote }
}
