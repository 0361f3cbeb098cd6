import type { Address, Hex, PublicClient } from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'
import { CHAINS } from '../chains/chainRegistry.ts'
import { CancelOrderError } from '../chains/evm/CancelOrderError.ts'
import type {
  CancelJournal,
  CancelOrderRecord,
  CancelOrderState,
} from '../chains/evm/cancelJournal.ts'
import { checkCancelRefund } from '../chains/evm/checkCancelRefund.ts'
import type { OrderOnChain } from '../chains/evm/readCreatedOrder.ts'
import { type CancelClaim, waitForCancelClaim } from '../chains/evm/waitForCancelClaim.ts'
import type { Clock } from '../common/clock.ts'
import type { Logger } from '../common/Logger.ts'
import type { CancelEvmOrderResult } from './evm/cancelEvmOrderTypes.ts'

/** Inputs of {@link finishCancel}. Durations in ms. */
export type FinishCancelParams<H extends string> = {
  orderId: Hex
  /** The journaled order the cancel started from; its end state is read back from `journal`. */
  rec: CancelOrderRecord
  journal: Pick<CancelJournal, 'getOrder'>
  /** True when the cancel was already on chain and this call only followed it. */
  resumed: boolean
  /** Wait for the refund; when false the result has none. */
  waitForRefund: boolean
  /** Read client of the source chain and its DlnSource, where the refund is claimed. */
  source: PublicClient
  dlnSource: Address
  /** The order as read from its create receipt; the claim is searched from that block on. */
  onChain: OrderOnChain
  /** Our source address, the only beneficiary ferry accepts (P-7.2). */
  beneficiary: Address
  /** The cancel on the destination, named in the error while the funds are in transit. */
  cancelTxHash: H | undefined
  timeoutMs: number
  /** Default waitForCancelClaim's (1 000). */
  pollIntervalMs?: number | undefined
  /** Confirmations of the claim. Default the registry's depth of the source (P-2.14). */
  sourceConfirmations?: number | undefined
  clock: Clock
  logger: Logger
  /** Journals the order state (and reports it). */
  setState: (state: CancelOrderState, txHash: string | undefined) => Promise<void>
  progress: (event: { stage: 'refunded'; claim: CancelClaim }) => void
}

/** What a cancel did, EVM (`H` 0x hash) or Solana (`H` base58 signature). */
export type FinishedCancel<H extends string> = Omit<CancelEvmOrderResult, 'cancelTxHash'> & {
  cancelTxHash: H | undefined
}

/**
 * The end of every cancel once it is on chain (docs/safety.md P-7.5): with `waitForRefund`, waits
 * for ClaimedOrderCancel on the source, checks it pays our beneficiary the give token and at least
 * the giveAmount (checkCancelRefund) and moves the order to `ClaimedOrderCancel`; then says what
 * the cancel did, with the journal's order state at the end.
 * @throws CancelOrderError `refundNotSeen` when no claim appears in `timeoutMs`: the funds are in
 *   transit and a later `ferry cancel` keeps following them.
 */
export async function finishCancel<H extends string>(
  params: FinishCancelParams<H>,
): Promise<FinishedCancel<H>> {
  const { orderId, rec, cancelTxHash } = params
  const refund = params.waitForRefund ? await awaitRefund(params) : undefined
  return {
    orderId,
    intentId: rec.intentId,
    srcChainId: rec.srcChainId,
    dstChainId: rec.dstChainId,
    cancelTxHash,
    resumed: params.resumed,
    beneficiary: params.beneficiary,
    refund,
    orderState: (await params.journal.getOrder(orderId))?.state ?? rec.state,
  }
}

async function awaitRefund<H extends string>(params: FinishCancelParams<H>): Promise<CancelClaim> {
  const { orderId, onChain, cancelTxHash } = params
  const srcChainId = params.rec.srcChainId as ChainId
  const refund = await waitForCancelClaim({
    client: params.source,
    dlnSource: params.dlnSource,
    orderId,
    fromBlock: onChain.receipt.blockNumber,
    timeoutMs: params.timeoutMs,
    ...(params.pollIntervalMs === undefined ? {} : { pollIntervalMs: params.pollIntervalMs }),
    confirmations: params.sourceConfirmations ?? CHAINS[srcChainId].confirmations,
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
  await params.setState('ClaimedOrderCancel', refund.txHash)
  params.progress({ stage: 'refunded', claim: refund })
  params.logger.info(
    { orderId, chainId: srcChainId, hash: refund.txHash, amount: refund.paidAmount },
    'order refunded',
  )
  return refund
}
