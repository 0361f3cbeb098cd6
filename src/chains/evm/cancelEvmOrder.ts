import { type Address, decodeEventLog, type Hex, type PublicClient } from 'viem'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { type Clock, systemClock } from '../../shared/clock.ts'
import { FerryError } from '../../shared/FerryError.ts'
import { type Logger, silentLogger } from '../../shared/Logger.ts'
import { dlnDestinationAbi } from '../abi/dlnDestinationAbi.ts'
import { DLN_GIVE_STATUS, DLN_TAKE_STATUS } from '../abi/dlnOrderStatuses.ts'
import { dlnSourceAbi } from '../abi/dlnSourceAbi.ts'
import { CHAINS } from '../chainRegistry.ts'
import type { DlnOrder } from '../orderId/dlnOrder.ts'
import { buildEvmOrderCancelTx } from '../verify/buildEvmOrderCancelTx.ts'
import { evmAllowList } from '../verify/evmAllowList.ts'
import { VerificationError } from '../verify/VerificationError.ts'
import { verifyEvmOrderCancelTx } from '../verify/verifyEvmOrderCancelTx.ts'
import { CancelOrderError } from './CancelOrderError.ts'
import type { CancelAttemptRecord, CancelJournal, CancelOrderState } from './cancelJournal.ts'
import { checkCancellableOrder } from './checkCancellableOrder.ts'
import type { EvmSender, EvmSendProgress } from './createEvmSender.ts'
import { toEvmRevertError } from './EvmRevertError.ts'
import { readCreatedOrder } from './readCreatedOrder.ts'
import { receiptOrUndefined } from './receiptOrUndefined.ts'
import { explainRevert, simulateEvmTx } from './simulateEvmTx.ts'
import { type CancelClaim, waitForCancelClaim } from './waitForCancelClaim.ts'

/** Inputs of {@link cancelEvmOrder}. Fees in destination-chain wei, durations in ms. */
export type CancelEvmOrderParams = {
  /** The journaled orderId (0x + 64 hex). */
  orderId: Hex
  journal: CancelJournal
  /** Read client of the order's source chain. */
  source: PublicClient
  /**
   * The serialized sender of our wallet on the order's destination chain; its journal must be
   * the write-ahead one (the cancel is journaled as kind `cancel` before broadcast, P-2.1).
   */
  sender: EvmSender
  /** Our wallet on the source chain: the refund beneficiary (P-7.2). */
  sourceAddress: string
  /** deBridge messaging fee the cancel carries as value. Default 0 (the devnet's messenger). */
  messagingFeeWei?: bigint
  /** Reward of the keeper that claims the cancel on the source. Default 0. */
  executionFeeWei?: bigint
  /**
   * Most value the cancel may carry. Default twice the destination chain's flat DLN fee from the
   * registry (`fixedFeeFallback`, about the size of a messaging fee), or 0 where it is unknown.
   */
  maxValueWei?: bigint
  /** Wait for ClaimedOrderCancel on the source before returning. Default true. */
  waitForRefund?: boolean
  /** How long to wait for the refund. Default 600 000. */
  refundTimeoutMs?: number
  /** Poll interval of the refund wait. Default 1 000. */
  pollIntervalMs?: number
  /** Confirmations of the refund claim on the source. Default the registry's depth (P-2.14). */
  sourceConfirmations?: number
  clock?: Clock
  logger?: Logger
  onProgress?: (event: CancelEvmOrderProgress) => void
}

/** Steps of a cancel, for callers that show or test them. */
export type CancelEvmOrderProgress =
  | { stage: 'read'; orderId: Hex; createTxHash: Hex; blockNumber: bigint }
  | { stage: 'verified'; beneficiary: Address; valueWei: bigint }
  | { stage: 'simulated' }
  | EvmSendProgress
  | { stage: 'orderState'; state: CancelOrderState; txHash: string | undefined }
  | { stage: 'refunded'; claim: CancelClaim }

/** What a cancel did. */
export type CancelEvmOrderResult = {
  orderId: Hex
  intentId: string
  srcChainId: number
  dstChainId: number
  /** The cancel transaction on the destination, when known (a resumed cancel may lack it). */
  cancelTxHash: Hex | undefined
  /** True when the cancel was already on chain and this call only followed it. */
  resumed: boolean
  beneficiary: Address
  /** The refund, once seen on the source; undefined when not awaited. */
  refund: CancelClaim | undefined
  /** The journal's order state at the end. */
  orderState: CancelOrderState
}

const FINAL_ATTEMPT = ['confirmed', 'failed', 'dropped']

/**
 * Cancels an unfilled DLN order and follows the refund (safety §7.3, P-7.1..P-7.5), since the
 * service spec has no cancel-tx endpoint:
 * 1. the journaled order must be on an EVM source and destination and in `Created` (or already
 *    `OrderCancelled`/`SentOrderCancel`, which resumes following the refund without sending);
 * 2. the order struct is read from the source chain's create receipt, its recomputed orderId
 *    equal to the journaled one;
 * 3. the destination's `takeOrders` and the source's `giveOrders` say the order is still open
 *    (a filled order is refused; a cancel already on chain is followed, never sent twice; a
 *    journaled cancel not yet mined is refused as `inFlight`);
 * 4. `sendEvmOrderCancel(order, ourSourceAddress, executionFee)` is built, verified
 *    (P-7.4: target, selector, order, authority, beneficiary, value cap), simulated (P-1.8),
 *    then sent through the destination's EvmSender, journaled as kind `cancel` before broadcast;
 * 5. at the confirmation depth, SentOrderCancel in the receipt moves the order to
 *    `OrderCancelled` then `SentOrderCancel`;
 * 6. with `waitForRefund`, ClaimedOrderCancel on the source (beneficiary ours, the give token,
 *    at least the order's giveAmount) moves the order to `ClaimedOrderCancel` and the intent to
 *    `cancelled`; until then the funds count as in transit (P-7.5).
 * @throws CancelOrderError naming the problem and the fix; VerificationError when the cancel
 *   or the order on chain is not what ferry expects (nothing is signed).
 */
export async function cancelEvmOrder(params: CancelEvmOrderParams): Promise<CancelEvmOrderResult> {
  const { journal, sender } = params
  const clock = params.clock ?? systemClock
  const logger = params.logger ?? silentLogger
  const progress = params.onProgress ?? (() => {})
  const orderId = params.orderId.toLowerCase() as Hex
  const rec = journal.getOrder(orderId)
  if (!rec) {
    throw new CancelOrderError('unknownOrder', orderId, 'it is not in the journal', {
      fix: 'list the journaled orders with `ferry history`; pass --journal <path> if `ferry run` writes elsewhere',
    })
  }
  checkCancellableOrder(rec)
  if (sender.chainId !== rec.dstChainId) {
    throw new FerryError('the sender is not on the order destination chain', {
      metaMessages: [`order: ${rec.dstChainId}`, `sender: ${sender.chainId}`],
    })
  }
  const src = rec.srcChainId as ChainId
  const dst = rec.dstChainId as ChainId
  const dlnSource = evmAllowList(src)?.dlnSource as Address
  const dlnDestination = evmAllowList(dst)?.dlnDestination as Address
  const attempts = journal
    .attemptsOf(rec.intentId)
    .filter((a) => a.orderId?.toLowerCase() === orderId)

  const onChain = await readCreatedOrder(params.source, {
    orderId,
    dlnSource,
    createTxHashes: [
      ...(rec.createTxHash ? [rec.createTxHash as Hex] : []),
      ...attempts.filter((a) => a.kind === 'order' && a.family === 'evm').map((a) => a.hash as Hex),
    ],
  })
  progress({
    stage: 'read',
    orderId,
    createTxHash: onChain.receipt.transactionHash,
    blockNumber: onChain.receipt.blockNumber,
  })
  const [take, give] = await Promise.all([
    sender.rpc.read.readContract({
      address: dlnDestination,
      abi: dlnDestinationAbi,
      functionName: 'takeOrders',
      args: [orderId],
    }),
    params.source.readContract({
      address: dlnSource,
      abi: dlnSourceAbi,
      functionName: 'giveOrders',
      args: [orderId],
    }),
  ])
  const dstStatus = DLN_TAKE_STATUS[take[0]] ?? `status ${take[0]}`
  const srcStatus = DLN_GIVE_STATUS[give[0]] ?? `status ${give[0]}`
  logger.debug({ orderId, dstStatus, srcStatus }, 'order status on chain')
  if (
    dstStatus === 'Fulfilled' ||
    dstStatus === 'SentUnlock' ||
    srcStatus === 'ClaimedUnlock' ||
    (dstStatus === 'NotSet' && srcStatus !== 'Created')
  ) {
    throw new CancelOrderError(
      'notCancellable',
      orderId,
      `on chain it is ${dstStatus} on the destination and ${srcStatus} on the source`,
      { fix: 'a filled order cannot be cancelled; `ferry run` tracks it to completion' },
    )
  }

  const setState = (state: CancelOrderState, txHash: string | undefined): void => {
    journal.setOrderState(orderId, state, txHash)
    progress({ stage: 'orderState', state, txHash })
  }
  let cancelTxHash: Hex | undefined
  let resumed = false
  let beneficiary: Address
  if (dstStatus === 'SentCancel') {
    // Already cancelled on the destination (by an earlier run): follow it, never send again.
    resumed = true
    cancelTxHash = await minedCancel(sender, attempts, journal)
    // Only our own destination authority can have sent it, and ferry only refunds itself.
    beneficiary = params.sourceAddress as Address
    setState('OrderCancelled', cancelTxHash)
    setState('SentOrderCancel', cancelTxHash)
  } else {
    await refuseInFlight(orderId, sender, attempts, journal)
    const tx = buildEvmOrderCancelTx({
      order: onChain.order,
      dlnDestination,
      beneficiary: params.sourceAddress as Address,
      ...(params.messagingFeeWei === undefined ? {} : { messagingFeeWei: params.messagingFeeWei }),
      ...(params.executionFeeWei === undefined ? {} : { executionFeeWei: params.executionFeeWei }),
    })
    const verified = verifyEvmOrderCancelTx({
      tx: { ...tx, from: sender.address },
      order: onChain.order,
      orderId,
      srcChainId: src,
      dstChainId: dst,
      ourDstAddress: sender.address,
      ourSrcAddress: params.sourceAddress,
      maxValueWei: params.maxValueWei ?? 2n * (CHAINS[dst].fixedFeeFallback ?? 0n),
    })
    beneficiary = verified.beneficiary
    progress({ stage: 'verified', beneficiary, valueWei: verified.valueWei })
    const estimate = await sender.rpc.read
      .estimateGas({ account: sender.address, to: tx.to, data: tx.data, value: tx.value })
      .catch((error: unknown) => {
        throw toEvmRevertError('simulation', error) ?? error
      })
    const gasLimit = (estimate * 13n) / 10n
    if (gasLimit > sender.gasLimitCap) {
      throw new VerificationError(
        'tx.gasLimit',
        `<= ${sender.gasLimitCap}`,
        gasLimit,
        'is above the chain cap',
      )
    }
    const call = { ...tx, gasLimit }
    await simulateEvmTx(sender, call)
    progress({ stage: 'simulated' })
    const sent = await sender.send({
      kind: 'cancel',
      ...call,
      orderId,
      intentId: rec.intentId,
      onProgress: progress,
    })
    cancelTxHash = sent.hash
    const includedAt = Number(sent.receipt.blockNumber)
    if (sent.receipt.status !== 'success') {
      journal.setAttemptState(sent.hash, 'failed', { includedAt })
      const revert = await explainRevert(sender, call, sent.receipt.blockNumber)
      throw new CancelOrderError('reverted', orderId, `the cancel ${sent.hash} reverted`, {
        fix: 'check the order with `ferry history`; it may have been filled meanwhile',
        details: revert.shortMessage,
      })
    }
    journal.setAttemptState(sent.hash, 'confirmed', { includedAt })
    if (!sentOrderCancelIn(sent.receipt.logs, dlnDestination, orderId)) {
      throw new VerificationError('receipt.SentOrderCancel', '1 event', '0 events')
    }
    logger.info({ orderId, chainId: dst, hash: sent.hash }, 'order cancel sent')
    setState('OrderCancelled', sent.hash)
    setState('SentOrderCancel', sent.hash)
  }

  let refund: CancelClaim | undefined
  if (params.waitForRefund ?? true) {
    refund = await waitForCancelClaim({
      client: params.source,
      dlnSource,
      orderId,
      fromBlock: onChain.receipt.blockNumber,
      timeoutMs: params.refundTimeoutMs ?? 600_000,
      ...(params.pollIntervalMs === undefined ? {} : { pollIntervalMs: params.pollIntervalMs }),
      confirmations: params.sourceConfirmations ?? CHAINS[src].confirmations,
      clock,
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
    checkRefund(orderId, refund, beneficiary, onChain.order)
    setState('ClaimedOrderCancel', refund.txHash)
    journal.setIntentState(rec.intentId, 'cancelled', `order ${orderId} cancelled and refunded`)
    progress({ stage: 'refunded', claim: refund })
    logger.info(
      { orderId, chainId: src, hash: refund.txHash, amount: refund.paidAmount },
      'order refunded',
    )
  }
  return {
    orderId,
    intentId: rec.intentId,
    srcChainId: rec.srcChainId,
    dstChainId: rec.dstChainId,
    cancelTxHash,
    resumed,
    beneficiary,
    refund,
    orderState: journal.getOrder(orderId)?.state ?? rec.state,
  }
}

/** A journaled cancel that may still land must settle first: two cancels would race. */
async function refuseInFlight(
  orderId: Hex,
  sender: EvmSender,
  attempts: CancelAttemptRecord[],
  journal: CancelJournal,
): Promise<void> {
  const open = attempts.filter((a) => a.kind === 'cancel' && !FINAL_ATTEMPT.includes(a.state))
  for (const a of open) {
    const receipt = await receiptOf(sender, a.hash as Hex)
    if (!receipt) {
      throw new CancelOrderError('inFlight', orderId, `its cancel ${a.hash} is not mined yet`, {
        fix: 'wait for it to be mined (or replaced), then run `ferry cancel` again',
      })
    }
    const includedAt = Number(receipt.blockNumber)
    journal.setAttemptState(a.hash, receipt.status === 'success' ? 'confirmed' : 'failed', {
      includedAt,
    })
  }
}

/** The hash of our mined cancel, if the journal has one. */
async function minedCancel(
  sender: EvmSender,
  attempts: CancelAttemptRecord[],
  journal: CancelJournal,
): Promise<Hex | undefined> {
  for (const a of attempts.filter((x) => x.kind === 'cancel')) {
    const receipt = await receiptOf(sender, a.hash as Hex)
    if (receipt?.status !== 'success') continue
    journal.setAttemptState(a.hash, 'confirmed', { includedAt: Number(receipt.blockNumber) })
    return a.hash as Hex
  }
  return undefined
}

function receiptOf(sender: EvmSender, hash: Hex) {
  return receiptOrUndefined(sender.rpc.read, hash)
}

function sentOrderCancelIn(
  logs: readonly { address: string; data: Hex; topics: readonly Hex[] }[],
  dlnDestination: Address,
  orderId: Hex,
): boolean {
  return logs.some((log) => {
    if (log.address.toLowerCase() !== dlnDestination.toLowerCase()) return false
    try {
      const e = decodeEventLog({
        abi: dlnDestinationAbi,
        data: log.data,
        topics: log.topics as [Hex, ...Hex[]],
      })
      return e.eventName === 'SentOrderCancel' && e.args.orderId.toLowerCase() === orderId
    } catch {
      return false
    }
  })
}

/** P-7.5: the refund must be ours, in the give token, and at least the order's giveAmount. */
function checkRefund(
  orderId: Hex,
  claim: CancelClaim,
  beneficiary: Address,
  order: DlnOrder,
): void {
  const problems: string[] = []
  if (claim.beneficiary.toLowerCase() !== beneficiary.toLowerCase()) {
    problems.push(`beneficiary ${claim.beneficiary}, expected ${beneficiary}`)
  }
  if (claim.giveTokenAddress.toLowerCase() !== order.giveTokenAddress.toLowerCase()) {
    problems.push(`token ${claim.giveTokenAddress}, expected ${order.giveTokenAddress}`)
  }
  if (claim.paidAmount < order.giveAmount) {
    problems.push(`paid ${claim.paidAmount}, below the order's giveAmount ${order.giveAmount}`)
  }
  if (problems.length > 0) {
    throw new CancelOrderError('refundMismatch', orderId, 'the refund on the source is not ours', {
      fix: 'investigate the claim transaction; the journal keeps the order in SentOrderCancel',
      metaMessages: [`claim tx: ${claim.txHash}`, ...problems],
    })
  }
}
