import type { ApiClient } from '../../api/createApiClient.ts'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { CHAINS } from '../../chains/chainRegistry.ts'
import type { Clock } from '../../common/clock.ts'
import type { QuoteObservation, RouteRequest } from '../../common/strategy/marketTypes.ts'
import { buildOrderQuoteObservation } from './buildOrderQuoteObservation.ts'
import { buildSwapQuoteObservation } from './buildSwapQuoteObservation.ts'

/**
 * Quotes one route a strategy asked for: a swap through chain/transaction, an order through
 * create-tx (output `auto`, operating expenses prepended, the hook as netHook). The observation's
 * USD figures are the service's; they inform strategies, never the verifier (P-8.6).
 */
export function quoteRoute(params: {
  api: Pick<ApiClient, 'getSwapTransaction' | 'createOrderTx'>
  nativePriceUsd: (chainId: number) => Promise<number | undefined>
  clock: Clock
}): (request: RouteRequest, nowMs: number, signal?: AbortSignal) => Promise<QuoteObservation> {
  const { api, clock } = params
  return async (request, nowMs, signal) => {
    if (request.kind === 'swap') {
      const answer = await api.getSwapTransaction(
        {
          chainId: request.chainId as ChainId,
          tokenIn: request.tokenIn,
          tokenInAmount: request.amountIn,
          tokenOut: request.tokenOut,
          tokenOutRecipient: request.recipient,
        },
        { signal },
      )
      return buildSwapQuoteObservation({ request, quote: answer, quotedAtMs: clock.nowMs() })
    }
    const result = await api.createOrderTx(
      {
        srcChainId: request.srcChainId as ChainId,
        srcChainTokenIn: request.srcToken,
        srcChainTokenInAmount: request.amountIn,
        dstChainId: request.dstChainId as ChainId,
        dstChainTokenOut: request.dstToken,
        dstChainTokenOutAmount: 'auto',
        prependOperatingExpenses: true,
        ...(request.hook ? { netHook: request.hook as never } : {}),
      },
      { signal },
    )
    return buildOrderQuoteObservation({
      request,
      quote: result.quote as never,
      quotedAtMs: nowMs,
      nativePriceUsd: await params.nativePriceUsd(request.srcChainId),
      nativeDecimals: CHAINS[request.srcChainId as ChainId].nativeDecimals,
    })
  }
}
