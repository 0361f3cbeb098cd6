import type { ChainId } from '../api/schemas/chainId.ts'
import type { CrossChainRouteRequest, Intent } from '../common/strategy/marketTypes.ts'
import type { EngineEvent } from '../observe/engineEvents.ts'
import { createSolanaSendJournal } from '../store/contract/createSolanaSendJournal.ts'
import { buildOrderIntent } from './buildOrderIntent.ts'
import { type ChainContext, SOLANA_CHAIN_ID } from './createChainContext.ts'
import { executeEvmOrder } from './evm/executeEvmOrder.ts'
import type { ExecutionOutcome } from './executionOutcome.ts'
import { outcomeOfError } from './outcomeOfError.ts'
import { recordCreatedOrder } from './recordCreatedOrder.ts'
import { executeSolanaOrder } from './solana/executeSolanaOrder.ts'

function guardOf(ctx: ChainContext, intentId: string): { guard?: () => void | Promise<void> } {
  const guard = ctx.preSignGuards.get(intentId)
  return guard === undefined ? {} : { guard }
}

/**
 * Executes a cross-chain intent from its source chain: approve (EVM), fetch the transaction,
 * verify its fields and its simulated value flow (P-1, P-8), journal the signed bytes, send,
 * confirm, and record the created order. Each step advances the intent through the ledger; a
 * throw becomes an outcome by its class (outcomeOfError).
 */
export async function executeOrderIntent(
  ctx: ChainContext,
  intent: Intent & { route: CrossChainRouteRequest },
  intentId: string,
  emit: (e: EngineEvent) => void,
): Promise<ExecutionOutcome> {
  const r = intent.route
  const orderIntent = buildOrderIntent(intent, ctx.walletOn)
  const extras = {
    dstChainTokenOutAmount: 'auto' as const,
    prependOperatingExpenses: true,
    ...(intent.hook ? { netHook: intent.hook as never } : {}),
  }
  const maxCostBps = ctx.wiring.maxCostBpsOf({
    strategyId: await ctx.ledger.strategyOf(intentId),
    srcChainId: r.srcChainId,
    dstChainId: r.dstChainId,
  })
  const { clock, logger, ledger } = ctx
  try {
    if (r.srcChainId === SOLANA_CHAIN_ID) {
      if (!ctx.connection || !ctx.solanaKey) {
        return { kind: 'failed', detail: 'Solana is not configured' }
      }
      await ledger.advance(intentId, 'signed')
      const result = await executeSolanaOrder({
        connection: ctx.connection,
        api: ctx.api,
        request: {
          srcChainId: SOLANA_CHAIN_ID,
          srcChainTokenIn: r.srcToken,
          srcChainTokenInAmount: intent.amountIn,
          dstChainId: r.dstChainId as ChainId,
          dstChainTokenOut: r.dstToken,
          dstChainTokenOutRecipient: intent.recipient,
          srcChainOrderAuthorityAddress: orderIntent.srcAuthority,
          dstChainOrderAuthorityAddress: orderIntent.dstAuthority,
          srcAllowedCancelBeneficiary: orderIntent.cancelBeneficiary,
          ...extras,
        },
        intent: orderIntent,
        prices: ctx.prices,
        maxCostBps,
        secretKey: ctx.solanaKey.secretKey,
        journal: createSolanaSendJournal(ctx.journal, {
          intentId,
          from: ctx.solanaKey.publicKey.toBase58(),
          ...guardOf(ctx, intentId),
        }),
        config: { pollIntervalMs: ctx.wiring.pollIntervalMs },
        ...(ctx.solanaLookupTables ? { readLookupTables: ctx.solanaLookupTables } : {}),
        clock,
        logger,
      })
      emit({ type: 'sent', intentId, chainId: SOLANA_CHAIN_ID, hash: result.signature })
      return await recordCreatedOrder(
        ctx,
        { intentId, orderId: result.orderId, createTxHash: result.signature, route: r },
        emit,
      )
    }
    const chain = ctx.evm.get(r.srcChainId)
    if (!chain?.sender) return { kind: 'failed', detail: `no sender for chain ${r.srcChainId}` }
    const result = await executeEvmOrder({
      intent: orderIntent,
      api: ctx.api,
      sender: chain.sender,
      prices: ctx.prices,
      simulation: chain.simulation,
      approvals: chain.approvals,
      maxCostBps,
      extras,
      intentId,
      confirmations: chain.confirmations,
      clock,
      logger,
      onProgress: async (p) => {
        if (p.stage === 'approved') {
          await ledger.advance(intentId, 'approving')
          emit({ type: 'approval', intentId, chainId: r.srcChainId, actions: p.allowance.actions })
        }
        if (p.stage === 'broadcast') {
          await ledger.advance(intentId, 'broadcast')
          const hash = (p as { hash?: string }).hash ?? ''
          emit({ type: 'sent', intentId, chainId: r.srcChainId, hash })
        }
      },
    })
    return await recordCreatedOrder(
      ctx,
      { intentId, orderId: result.orderId, createTxHash: result.hash, route: r },
      emit,
    )
  } catch (error) {
    return outcomeOfError(error)
  }
}
