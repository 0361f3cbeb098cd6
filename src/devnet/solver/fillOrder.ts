import { size } from 'viem'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { addressText } from './addressText.ts'
import { fillOnEvm } from './fillOnEvm.ts'
import { fillOnSolana } from './fillOnSolana.ts'
import { OrderNoLongerOpenError } from './OrderNoLongerOpenError.ts'
import { recordHookSteps } from './recordHookSteps.ts'
import type { SeenOrder } from './SeenOrder.ts'
import type { SolverContext } from './SolverContext.ts'
import { sendUnlock } from './sendUnlock.ts'
import type { SolverBehaviour } from './solverBehaviour.ts'

/**
 * Fills one order on its destination (fillOnEvm or fillOnSolana), records it executed in the
 * stats store, emits `filled`, records its hook steps, and claims the unlock unless the
 * behaviour skips it. An order already filled or cancelled on the destination is logged and
 * left alone; other failures throw.
 */
export async function fillOrder(
  ctx: SolverContext,
  s: SeenOrder,
  behaviour: SolverBehaviour,
): Promise<void> {
  try {
    await fillOpen(ctx, s, behaviour)
  } catch (error) {
    if (!(error instanceof OrderNoLongerOpenError)) throw error
    ctx.logger.info(
      { orderId: s.orderId, status: error.status },
      'order no longer open; not filled',
    )
  }
}

async function fillOpen(ctx: SolverContext, s: SeenOrder, behaviour: SolverBehaviour) {
  const takeChainId = Number(s.order.takeChainId)
  const hasHook = size(s.order.externalCall) > 0
  const filled =
    takeChainId === SOLANA_CHAIN_ID
      ? await fillOnSolana(ctx, s.orderId, s.order)
      : await fillOnEvm(ctx, s.orderId, s.order)
  ctx.stats.recordOrder({
    orderId: s.orderId,
    maker: addressText(Number(s.order.giveChainId), s.order.makerSrc),
    referralCode: s.referralCode || undefined,
    volumeUsd: s.volumeUsd,
    feesUsd: s.feesUsd,
    executed: true,
    hookInstructionsCount: hasHook ? (behaviour.partialSteps ? 2 : 1) : 0,
    order: s.order,
  })
  ctx.events.emit('filled', {
    orderId: s.orderId,
    takeChainId,
    txHash: filled.txHash,
    blockNumber: filled.blockNumber,
  })
  if (hasHook) recordHookSteps(ctx, s, filled, behaviour)
  if (!behaviour.skipUnlock) await sendUnlock(ctx, s)
}
