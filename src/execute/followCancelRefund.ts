import type { PublicClient } from 'viem'
import { SOLANA_CHAIN_ID } from '../api/schemas/chainId.ts'
import type { CancelJournal } from '../chains/evm/cancelJournal.ts'
import type { EvmSender } from '../chains/evm/createEvmSender.ts'
import type { Clock } from '../common/clock.ts'
import { FerryError } from '../common/FerryError.ts'
import type { Logger } from '../common/Logger.ts'
import type { JournalStore } from '../store/contract/JournalStore.ts'
import type { CancelOrderProgress, CancelOrderResult } from './cancelIntentOrder.ts'
import { cancelEvmOrder } from './evm/cancelEvmOrder.ts'
import type { TrackedOrder, TrackingOutcome } from './executionOutcome.ts'
import { cancelSolanaOrder } from './solana/cancelSolanaOrder.ts'
import type { SolanaCancelSide } from './solana/cancelSolanaOrderTypes.ts'

/** Inputs of {@link followCancelRefund}. Durations in ms. */
export type FollowCancelRefundParams = {
  order: TrackedOrder
  journal: CancelJournal & Pick<JournalStore, 'recordSignedAttempt' | 'setAttemptState'>
  /** Our sender on an EVM destination chain, where the cancel is sent; undefined when none. */
  sender: EvmSender | undefined
  /** Our Solana side, for an order into Solana; undefined when the run has none. */
  solana?: SolanaCancelSide | undefined
  /** Read client of the source chain, where the refund is paid; undefined when not configured. */
  source: PublicClient | undefined
  /** Our wallet on the source chain: the only refund beneficiary ferry accepts (P-7.2). */
  sourceAddress: string
  /** How long to wait for the refund before leaving the intent in flight. */
  refundTimeoutMs: number
  pollIntervalMs: number
  /** Confirmations of the refund claim on the source. */
  sourceConfirmations: number
  clock: Clock
  logger: Logger
  /** Each stage of the cancel path (the auto-cancel reports `cancelled` from it). Default none. */
  onProgress?: (progress: CancelOrderProgress) => void
}

/**
 * A restart's follow-up of an order the journal shows cancelled (OrderCancelled or
 * SentOrderCancel) but not refunded: the verified cancel path resumes from the chain, never
 * sending a second cancel when the destination already holds one, and waits for DlnSource's
 * ClaimedOrderCancel to our source address (docs/safety.md P-7.5). Returns `cancelled` once the
 * refund is seen (the journal's order is then ClaimedOrderCancel). An order into Solana takes
 * cancelSolanaOrder, any other cancelEvmOrder. Throws while the funds are
 * still in transit or the chains cannot be read: the intent stays in flight, counted against the
 * limits, and the next start follows it again. No person is needed on the way. The tracker's
 * auto-cancel goes the same way: on an order still `Created` it sends the cancel first.
 */
export async function followCancelRefund(
  params: FollowCancelRefundParams,
): Promise<TrackingOutcome> {
  const { order } = params
  const intoSolana = order.dstChainId === SOLANA_CHAIN_ID
  if ((intoSolana ? !params.solana : !params.sender) || !params.source) {
    throw new FerryError(
      `order ${order.orderId}: no sender on chain ${order.dstChainId} or no RPC of ${order.srcChainId}`,
      {
        metaMessages: [
          `needs a sender on chain ${order.dstChainId} and an RPC of chain ${order.srcChainId}`,
          `fix: configure chains.${order.dstChainId} and chains.${order.srcChainId}`,
        ],
      },
    )
  }
  const common = {
    orderId: order.orderId as `0x${string}`,
    journal: params.journal,
    source: params.source,
    sourceAddress: params.sourceAddress,
    refundTimeoutMs: params.refundTimeoutMs,
    pollIntervalMs: params.pollIntervalMs,
    sourceConfirmations: params.sourceConfirmations,
    clock: params.clock,
    logger: params.logger,
    ...(params.onProgress ? { onProgress: params.onProgress } : {}),
  }
  const result: CancelOrderResult =
    intoSolana && params.solana
      ? await cancelSolanaOrder({ ...common, ...params.solana })
      : await cancelEvmOrder({ ...common, sender: params.sender! })
  const refund = result.refund!
  params.logger.info(
    { orderId: order.orderId, resumed: result.resumed, hash: refund.txHash },
    'cancelled order refunded',
  )
  return {
    state: 'cancelled',
    detail: `cancelled, refund of ${refund.paidAmount} on ${order.srcChainId} in ${refund.txHash}`,
  }
}
