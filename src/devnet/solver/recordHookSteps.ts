import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { addressText } from './addressText.ts'
import type { DestinationFill } from './DestinationFill.ts'
import type { SeenOrder } from './SeenOrder.ts'
import type { SolverContext } from './SolverContext.ts'
import type { SolverBehaviour } from './solverBehaviour.ts'

/**
 * Records the hook steps of a filled order in the stats store and emits `hook` for each: step 1
 * Executed, or Failed when the hook failed or the behaviour says so; with `partialSteps`, a
 * step 2 left Pending. The steps carry the fill's transaction and block.
 */
export function recordHookSteps(
  ctx: SolverContext,
  s: SeenOrder,
  filled: DestinationFill,
  behaviour: SolverBehaviour,
): void {
  const takeChainId = Number(s.order.takeChainId)
  const status = behaviour.hook === 'fail' || !filled.hookOk ? 'Failed' : 'Executed'
  const step = (stepNumber: number, st: 'Executed' | 'Failed' | 'Pending'): void => {
    ctx.stats.recordHookStep({
      orderId: s.orderId,
      stepNumber,
      status: st,
      transactionHash: filled.txHash,
      blockHash: filled.blockHash,
      blockNumber: filled.blockNumber,
      blockTimeStampS: filled.timeS,
      initiator:
        takeChainId === SOLANA_CHAIN_ID
          ? ctx.solverSol.publicKey.toBase58()
          : ctx.solverEvm.address,
      beneficiaries: [addressText(takeChainId, s.order.receiverDst)],
    })
    ctx.events.emit('hook', { orderId: s.orderId, stepNumber, status: st, txHash: filled.txHash })
  }
  step(1, status)
  if (behaviour.partialSteps) step(2, 'Pending')
}
