import { readTakeOrder } from '../../chains/evm/readTakeOrder.ts'
import { fillOrder } from './fillOrder.ts'
import { readTakePatch } from './readTakePatch.ts'
import type { SeenOrder } from './SeenOrder.ts'
import type { SolverContext } from './SolverContext.ts'
import type { SolverBehaviour } from './solverBehaviour.ts'

/**
 * The `fillAtMostTakeBps` taker: looks at the order's take patch every `fillDelayMs` (default
 * 500) and fills once takeAmount − takePatches is at most `fillAtMostTakeBps` of takeAmount; it
 * stops looking once the order is no longer open on its destination (filled or cancelled). Each
 * look is a timer in `ctx.timers`, so the solver's stop ends the wait.
 */
export function fillWhenTakeLowered(
  ctx: SolverContext,
  s: SeenOrder,
  behaviour: SolverBehaviour & { fillAtMostTakeBps: number },
): void {
  const chain = ctx.chains.get(Number(s.order.takeChainId))
  if (!chain) return
  const barBps = BigInt(Math.round(behaviour.fillAtMostTakeBps))
  let logged = false
  const look = async (): Promise<void> => {
    const { status } = await readTakeOrder(chain.client, chain.contracts.dlnDestination, s.orderId)
    if (status !== 0) return
    const take = s.order.takeAmount - (await readTakePatch(chain, s.orderId))
    if (take * 10_000n <= s.order.takeAmount * barBps) {
      ctx.logger.info({ orderId: s.orderId, take }, 'take lowered enough; filling')
      await fillOrder(ctx, s, behaviour)
      return
    }
    if (!logged) {
      logged = true
      ctx.logger.info({ orderId: s.orderId, take }, 'take too high; waiting for a patch')
    }
    schedule()
  }
  const schedule = (): void => {
    const timer = setTimeout(() => {
      ctx.timers.delete(timer)
      ctx.track(look().catch((error) => ctx.fail(s.orderId, 'fill', error)))
    }, behaviour.fillDelayMs ?? 500)
    ctx.timers.add(timer)
  }
  schedule()
}
