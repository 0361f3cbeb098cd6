import type { Address, Hex } from 'viem'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { DLN_TAKE_STATUS } from '../../chains/abi/dlnOrderStatuses.ts'
import { CHAINS } from '../../chains/chainRegistry.ts'
import { CancelOrderError } from '../../chains/evm/CancelOrderError.ts'
import { minedCancel, refuseInFlight } from '../../chains/evm/cancelAttempts.ts'
import type { CancelOrderState } from '../../chains/evm/cancelJournal.ts'
import { readGiveStatus } from '../../chains/evm/readGiveStatus.ts'
import { readMessagingFee } from '../../chains/evm/readMessagingFee.ts'
import { readTakeOrder } from '../../chains/evm/readTakeOrder.ts'
import { sentOrderCancelIn } from '../../chains/evm/sentOrderCancelIn.ts'
import { explainRevert } from '../../chains/evm/simulateEvmTx.ts'
import { evmAllowList } from '../../chains/evmAllowList.ts'
import { systemClock } from '../../common/clock.ts'
import { FerryError } from '../../common/FerryError.ts'
import { silentLogger } from '../../common/Logger.ts'
import { VerificationError } from '../../common/VerificationError.ts'
import { buildEvmOrderCancelTx } from '../../verify/buildEvmOrderCancelTx.ts'
import { verifyEvmOrderCancelTx } from '../../verify/verifyEvmOrderCancelTx.ts'
import { finishCancel } from '../finishCancel.ts'
import { journaledCancellableOrder } from '../journaledCancellableOrder.ts'
import { readOrderFromSource } from '../readOrderFromSource.ts'
import type { CancelEvmOrderParams, CancelEvmOrderResult } from './cancelEvmOrderTypes.ts'
import { cancelValueCapWei } from './cancelValueCapWei.ts'
import { checkAuthorityCall } from './checkAuthorityCall.ts'

/**
 * Cancels an unfilled DLN order and follows the refund (docs/safety.md §7, P-7.1..P-7.5), since the
 * service spec has no cancel-tx endpoint:
 * 1. the journaled order must be on an EVM source and destination and in `Created` (or already
 *    `OrderCancelled`/`SentOrderCancel`, which resumes following the refund without sending);
 * 2. the order struct is read from the source chain's create receipt, its recomputed orderId
 *    equal to the journaled one;
 * 3. the destination's `takeOrders` and the source's `giveOrders` say the order is still open
 *    (a filled order is refused; a cancel already on chain is followed, never sent twice; a
 *    journaled cancel not yet mined is refused as `inFlight`);
 * 4. `sendEvmOrderCancel(order, ourSourceAddress, executionFee)` is built with the value the
 *    gate needs, from its fee config read on the destination chain (per-chain or global fixed
 *    fee, DlnDestination's discount, transfer fee, the whole execution fee: gateSendValueWei), verified
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
  const rec = await journaledCancellableOrder(journal, orderId)
  if (sender.chainId !== rec.dstChainId) {
    throw new FerryError('the sender is not on the order destination chain', {
      metaMessages: [`order: ${rec.dstChainId}`, `sender: ${sender.chainId}`],
    })
  }
  const src = rec.srcChainId as ChainId
  const dst = rec.dstChainId as ChainId
  const dlnDestination = evmAllowList(dst)?.dlnDestination as Address
  const { attempts, onChain, dlnSource } = await readOrderFromSource({
    journal,
    rec,
    orderId,
    source: params.source,
  })
  progress({
    stage: 'read',
    orderId,
    createTxHash: onChain.receipt.transactionHash,
    blockNumber: onChain.receipt.blockNumber,
  })
  const [take, srcStatus] = await Promise.all([
    readTakeOrder(sender.rpc.read, dlnDestination, orderId),
    readGiveStatus(params.source, dlnSource, orderId),
  ])
  const dstStatus = DLN_TAKE_STATUS[take.status] ?? `status ${take.status}`
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

  const setState = async (state: CancelOrderState, txHash: string | undefined): Promise<void> => {
    await journal.setOrderState(orderId, state, txHash)
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
    await setState('OrderCancelled', cancelTxHash)
    await setState('SentOrderCancel', cancelTxHash)
  } else {
    await refuseInFlight(orderId, sender, attempts, journal)
    // The gate's own fee config, for the chain the message goes to: the order's give chain.
    const gateFees =
      params.messagingFeeWei === undefined
        ? (
            await readMessagingFee(sender.rpc.read, {
              dlnDestination,
              chainIdTo: onChain.order.giveChainId,
            })
          ).fees
        : undefined
    const tx = buildEvmOrderCancelTx({
      order: onChain.order,
      dlnDestination,
      beneficiary: params.sourceAddress as Address,
      ...(gateFees ? { gateFees } : { messagingFeeWei: params.messagingFeeWei }),
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
      maxValueWei:
        params.maxValueWei ??
        cancelValueCapWei({
          gateFees,
          executionFeeWei: params.executionFeeWei ?? 0n,
          fallbackFeeWei: CHAINS[dst].fixedFeeFallback ?? 0n,
        }),
      ...(gateFees ? { gateFees } : {}),
    })
    beneficiary = verified.beneficiary
    progress({ stage: 'verified', beneficiary, valueWei: verified.valueWei })
    // No token leaves, no allowance, only the verified fee as value (P-8.1, P-8.2).
    const gasLimit = await checkAuthorityCall(
      sender,
      tx,
      { kind: 'cancel', nativeFeeWei: tx.value },
      { simulation: params.simulation, logger },
    )
    const call = { ...tx, gasLimit }
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
      await journal.setAttemptState(sent.hash, 'failed', { includedAt })
      const revert = await explainRevert(sender, call, sent.receipt.blockNumber)
      throw new CancelOrderError('reverted', orderId, `the cancel ${sent.hash} reverted`, {
        fix: 'check the order with `ferry history`; it may have been filled meanwhile',
        details: revert.shortMessage,
      })
    }
    await journal.setAttemptState(sent.hash, 'confirmed', { includedAt })
    if (!sentOrderCancelIn(sent.receipt.logs, dlnDestination, orderId)) {
      throw new VerificationError('receipt.SentOrderCancel', '1 event', '0 events')
    }
    logger.info({ orderId, chainId: dst, hash: sent.hash }, 'order cancel sent')
    await setState('OrderCancelled', sent.hash)
    await setState('SentOrderCancel', sent.hash)
  }

  return finishCancel({
    orderId,
    rec,
    journal,
    resumed,
    waitForRefund: params.waitForRefund ?? true,
    source: params.source,
    dlnSource,
    onChain,
    beneficiary,
    cancelTxHash,
    timeoutMs: params.refundTimeoutMs ?? 600_000,
    pollIntervalMs: params.pollIntervalMs,
    sourceConfirmations: params.sourceConfirmations,
    clock,
    logger,
    setState,
    progress,
  })
}
