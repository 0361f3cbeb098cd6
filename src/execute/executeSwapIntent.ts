import type { ChainId } from '../api/schemas/chainId.ts'
import type { Intent, SwapRouteRequest } from '../common/strategy/marketTypes.ts'
import type { EngineEvent } from '../observe/engineEvents.ts'
import { type ChainContext, SOLANA_CHAIN_ID } from './createChainContext.ts'
import { executeEvmSwap } from './evm/executeEvmSwap.ts'
import type { ExecutionOutcome } from './executionOutcome.ts'
import { outcomeOfError } from './outcomeOfError.ts'

/** A single-chain swap through the verifying swap executor (P-1.15); EVM chains only. */
export async function executeSwapIntent(
  ctx: ChainContext,
  intent: Intent & { route: SwapRouteRequest },
  intentId: string,
  emit: (e: EngineEvent) => void,
): Promise<ExecutionOutcome> {
  const r = intent.route
  if (r.chainId === SOLANA_CHAIN_ID) {
    return { kind: 'failed', detail: 'single-chain swaps on Solana are not supported' }
  }
  const chain = ctx.evm.get(r.chainId)
  if (!chain?.sender) return { kind: 'failed', detail: `no sender for chain ${r.chainId}` }
  try {
    const result = await executeEvmSwap({
      intent: {
        chainId: r.chainId as ChainId,
        sender: ctx.walletOn(r.chainId),
        tokenIn: r.tokenIn,
        amountIn: intent.amountIn,
        tokenOut: r.tokenOut,
        minAmountOut: intent.minAmountOut,
        recipient: intent.recipient,
      },
      api: ctx.api,
      sender: chain.sender,
      prices: ctx.prices,
      simulation: chain.simulation,
      maxCostBps: ctx.wiring.maxCostBpsOf({
        strategyId: await ctx.ledger.strategyOf(intentId),
        srcChainId: r.chainId,
        dstChainId: r.chainId,
      }),
      intentId,
      confirmations: chain.confirmations,
      clock: ctx.clock,
      logger: ctx.logger,
      onProgress: async (p) => {
        if (p.stage !== 'broadcast') return
        await ctx.ledger.advance(intentId, 'broadcast')
        emit({ type: 'sent', intentId, chainId: r.chainId, hash: p.hash })
      },
    })
    return { kind: 'swapped', hash: result.hash, chainId: r.chainId }
  } catch (error) {
    return outcomeOfError(error)
  }
}
