import type { Hex } from 'viem'
import type { EngineEvent } from '../observe/engineEvents.ts'
import { autoCancelOrder } from './autoCancelOrder.ts'
import type { ChainContext } from './createChainContext.ts'
import type { StuckPolicy } from './decideStuckAction.ts'
import { patchEvmOrder } from './evm/patchEvmOrder.ts'
import { executeOrderIntent } from './executeOrderIntent.ts'
import { executeSwapIntent } from './executeSwapIntent.ts'
import type { ChainOps, StuckOutcome, TrackedOrder } from './executionOutcome.ts'
import { fillReaderOf } from './fillReaderOf.ts'
import { type FollowCancelRefundParams, followCancelRefund } from './followCancelRefund.ts'
import { handleStuckOrder } from './handleStuckOrder.ts'
import { journaledRoute } from './planReconciliation.ts'
import { recordCreatedOrder } from './recordCreatedOrder.ts'
import { settleIntent } from './settleIntent.ts'
import { trackOrder } from './trackOrder.ts'

/** The stuck-order policy of a world that configures none: alert, never send. */
const ALERT_ONLY: StuckPolicy = { onStuck: 'alert', maxPatches: 0, patchStepBps: 1 }

/** The longest a restart's settling waits on one intent's look-ups, ms. */
const MAX_SETTLE_WAIT_MS = 120_000

/**
 * The chain side of the intent runner over real chains: the verifying executors, a restart's
 * settling of journaled bytes, and the tracker with fill evidence and the stuck-order policy
 * (alert, cancel, or patch the take, then cancel).
 */
export function createChainOps(ctx: ChainContext): ChainOps {
  const { wiring, journal, ledger, evm, clock, logger } = ctx
  /** What the cancel path of an order needs: both chains' ends, our source address, its pace. */
  const cancelPath = (order: TrackedOrder): FollowCancelRefundParams => ({
    order,
    journal,
    sender: evm.get(order.dstChainId)?.sender,
    solana:
      ctx.connection && ctx.solanaKey && wiring.sending
        ? {
            connection: ctx.connection,
            secretKey: ctx.solanaKey.secretKey,
            api: ctx.api,
            commitment: wiring.solana?.commitment ?? 'confirmed',
            ...(ctx.solanaAccounts ? { readAccounts: ctx.solanaAccounts } : {}),
            ...(wiring.solana?.takeProgramId
              ? { dlnDestination: wiring.solana.takeProgramId }
              : {}),
          }
        : undefined,
    source: evm.get(order.srcChainId)?.rpc.read,
    sourceAddress: ctx.walletOn(order.srcChainId),
    refundTimeoutMs: wiring.trackingDeadlineMs,
    pollIntervalMs: wiring.pollIntervalMs,
    sourceConfirmations: evm.get(order.srcChainId)?.confirmations ?? 1,
    clock,
    logger,
  })
  /** The route's stuck-order policy over this world's chains (P-7.4, P-7.12). */
  const onStuck = async (
    order: TrackedOrder,
    emit: (e: EngineEvent) => void,
  ): Promise<StuckOutcome> => {
    const key = {
      strategyId: await ledger.strategyOf(order.intentId),
      srcChainId: order.srcChainId,
      dstChainId: order.dstChainId,
    }
    const dst = evm.get(order.dstChainId)
    const source = evm.get(order.srcChainId)?.rpc.read
    const policy = wiring.stuckPolicyOf?.(key) ?? ALERT_ONLY
    return handleStuckOrder({
      order,
      policy,
      patch:
        dst?.sender && source
          ? () =>
              patchEvmOrder({
                orderId: order.orderId as Hex,
                journal,
                source,
                sender: dst.sender!,
                prices: ctx.prices,
                policy,
                maxCostBps: wiring.maxCostBpsOf(key),
                simulation: dst.simulation,
                logger,
              })
          : undefined,
      cancel: (reason) =>
        autoCancelOrder({
          ...cancelPath(order),
          emit,
          failPoint: ctx.failPoint,
          ...(reason ? { reason } : {}),
        }),
      emit,
      logger,
    })
  }
  return {
    sending: wiring.sending,
    async execute(intent, intentId, emit, preSign) {
      const r = intent.route
      if (preSign) ctx.preSignGuards.set(intentId, preSign)
      try {
        return r.kind === 'swap'
          ? await executeSwapIntent(ctx, { ...intent, route: r }, intentId, emit)
          : await executeOrderIntent(ctx, { ...intent, route: r }, intentId, emit)
      } finally {
        ctx.preSignGuards.delete(intentId)
      }
    },
    settle(rec, plan, emit) {
      const route = journaledRoute(rec)
      return settleIntent(
        {
          journal,
          evmChain: (chainId) => evm.get(chainId),
          solana: ctx.connection
            ? { connection: ctx.connection, commitment: wiring.solana?.commitment ?? 'confirmed' }
            : undefined,
          sending: wiring.sending,
          pollIntervalMs: wiring.pollIntervalMs,
          maxWaitMs: Math.min(wiring.trackingDeadlineMs, MAX_SETTLE_WAIT_MS),
          created: (orderId, createTxHash) =>
            route?.kind === 'crossChain'
              ? recordCreatedOrder(
                  ctx,
                  { intentId: rec.intent.id, orderId, createTxHash, route },
                  emit,
                )
              : { kind: 'failed', detail: 'an order was created for a route that is no order' },
          clock,
          logger,
        },
        rec,
        plan,
      )
    },
    track(order, emit, signal) {
      const readFill = fillReaderOf(ctx, order.dstChainId)
      if (!readFill) {
        // Without the destination's RPC there is no fill evidence (P-2.5): the order stays in flight.
        return Promise.reject(
          new Error(
            `chain ${order.dstChainId} is not configured (chains.${order.dstChainId}): its fill cannot be checked`,
          ),
        )
      }
      return trackOrder(
        {
          api: ctx.api,
          journal,
          ledger,
          readFill,
          onStuck: () => onStuck(order, emit),
          trackingDeadlineMs: wiring.trackingDeadlineMs,
          pollIntervalMs: wiring.pollIntervalMs,
          clock,
          logger,
        },
        order,
        emit,
        signal,
      )
    },
    followRefund: (order) => followCancelRefund(cancelPath(order)),
  }
}
