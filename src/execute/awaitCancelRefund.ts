import type { Address, Hex, PublicClient } from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'
import { CHAINS } from '../chains/chainRegistry.ts'
import { CancelOrderError } from '../chains/evm/CancelOrderError.ts'
import type { CancelOrderState } from '../chains/evm/cancelJournal.ts'
import { checkCancelRefund } from '../chains/evm/checkCancelRefund.ts'
import type { OrderOnChain } from '../chains/evm/readCreatedOrder.ts'
import { type CancelClaim, waitForCancelClaim } from '../chains/evm/waitForCancelClaim.ts'
import type { Clock } from '../common/clock.ts'
import type { Logger } from '../common/Logger.ts'

/** Inputs of {@link awaitCancelRefund}. Durations in ms. */
export type AwaitCancelRefundParams = {
  orderId: Hex
  srcChainId: ChainId
  /** Read client of the source chain and its DlnSource, where the refund is claimed. */
  source: PublicClient
  dlnSource: Address
  /** The order as read from its create receipt; the claim is searched from that block on. */
  onChain: OrderOnChain
  /** Our source address, the only beneficiary ferry accepts (P-7.2). */
  beneficiary: Address
  /** The cancel on the destination, named in the error while the funds are in transit. */
  cancelTxHash: string | undefined
  timeoutMs: number
  /** Default waitForCancelClaim's (1 000). */
  pollIntervalMs?: number | undefined
  /** Confirmations of the claim. Default the registry's depth of the source (P-2.14). */
  sourceConfirmations?: number | undefined
  clock: Clock
  logger: Logger
  /** Journals the order state (and reports it). */
  setState: (state: CancelOrderState, txHash: string | undefined) => void
  progress: (event: { stage: 'refunded'; claim: CancelClaim }) => void
}

/**
 * The end of every cancel (docs/safety.md P-7.5): waits for ClaimedOrderCancel on the source,
 * checks it pays our beneficiary the give token and at least the giveAmount (checkCancelRefund),
 * then moves the order to `ClaimedOrderCancel`. Returns the claim.
 * @throws CancelOrderError `refundNotSeen` when no claim appears in `timeoutMs`: the funds are in
 *   transit and a later `ferry cancel` keeps following them.
 */
export async function awaitCancelRefund(params: AwaitCancelRefundParams): Promise<CancelClaim> {
  const { orderId, onChain, cancelTxHash } = params
  const refund = await waitForCancelClaim({
    client: params.source,
    dlnSource: params.dlnSource,
    orderId,
    fromBlock: onChain.receipt.blockNumber,
    timeoutMs: params.timeoutMs,
    ...(params.pollIntervalMs === undefined ? {} : { pollIntervalMs: params.pollIntervalMs }),
    confirmations: params.sourceConfirmations ?? CHAINS[params.srcChainId].confirmations,
    clock: params.clock,
  })
  if (!refund) {
    throw new CancelOrderError(
      'refundNotSeen',
      orderId,
      'the refund has not appeared on the source chain',
      {
        fix: 'the funds are in transit; run `ferry cancel` again later to keep following the refund',
        metaMessages: cancelTxHash ? [`cancel tx: ${cancelTxHash}`] : [],
      },
    )
  }
  checkCancelRefund(orderId, refund, params.beneficiary, onChain.order)
  params.setState('ClaimedOrderCancel', refund.txHash)
  params.progress({ stage: 'refunded', claim: refund })
  params.logger.info(
    { orderId, chainId: params.srcChainId, hash: refund.txHash, amount: refund.paidAmount },
    'order refunded',
  )
  return refund
}
