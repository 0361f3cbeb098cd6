import type { CrossChainRouteRequest } from '../common/strategy/marketTypes.ts'
import type { EngineEvent } from '../observe/engineEvents.ts'
import type { ChainContext } from './createChainContext.ts'
import type { ExecutionOutcome } from './executionOutcome.ts'

/**
 * The `created` step: journals the order an intent's transaction created (the order row first,
 * then the intent state, through the ledger), reports it, and hands it to tracking.
 */
export async function recordCreatedOrder(
  ctx: Pick<ChainContext, 'ledger' | 'failPoint'>,
  params: {
    intentId: string
    orderId: string
    createTxHash: string
    route: Pick<CrossChainRouteRequest, 'srcChainId' | 'dstChainId' | 'hook'>
  },
  emit: (e: EngineEvent) => void,
): Promise<ExecutionOutcome> {
  const { intentId, orderId, route } = params
  await ctx.ledger.created(intentId, {
    orderId,
    srcChainId: route.srcChainId,
    dstChainId: route.dstChainId,
    createTxHash: params.createTxHash,
  })
  emit({ type: 'created', intentId, orderId, chainId: route.srcChainId })
  ctx.failPoint('afterOrderCreated')
  return {
    kind: 'created',
    orderId,
    srcChainId: route.srcChainId,
    dstChainId: route.dstChainId,
    hasHook: route.hook !== undefined,
  }
}
