import type { Transport } from '../createTransport.ts'
import { buildSwapTxQuery, type SwapTxParams } from '../requests/buildSwapTxQuery.ts'
import { type SwapQuote, swapQuoteSchema } from '../schemas/swapQuote.ts'

/**
 * Quotes a single-chain swap and builds its transaction (GET {base_url}/v1.0/chain/transaction).
 * @see docs/service.md §4.5
 */
export async function getSwapTransaction(
  transport: Transport,
  params: SwapTxParams,
  options: { signal?: AbortSignal } = {},
): Promise<SwapQuote> {
  return transport.request({
    endpoint: 'chain/transaction',
    base: 'api',
    method: 'GET',
    path: '/v1.0/chain/transaction',
    query: buildSwapTxQuery(params),
    schema: swapQuoteSchema,
    signal: options.signal,
  })
}
