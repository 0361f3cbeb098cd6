import { type Address, type Hex, type Log, type PublicClient, parseEventLogs } from 'viem'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { dlnDestinationAbi } from '../../chains/abi/dlnDestinationAbi.ts'
import { dlnSourceAbi } from '../../chains/abi/dlnSourceAbi.ts'
import type { EvmSender } from '../../chains/evm/createEvmSender.ts'
import { dlnDestinationEventsOf } from '../../chains/evm/dlnDestinationEventsOf.ts'
import { readTakeOrder } from '../../chains/evm/readTakeOrder.ts'
import { explainRevert } from '../../chains/evm/simulateEvmTx.ts'
import { evmAllowList } from '../../chains/evmAllowList.ts'
import type { Logger } from '../../common/Logger.ts'
import { VerificationError } from '../../common/VerificationError.ts'
import type { JournalStore } from '../../store/contract/JournalStore.ts'
import { buildEvmOrderPatchTx } from '../../verify/buildEvmOrderPatchTx.ts'
import type { EvmSimulationMode } from '../../verify/checkEvmValueFlow.ts'
import { EVM_NATIVE } from '../../verify/evmValueFlowExpectation.ts'
import { type TrustedPriceSource, valueUsdE18 } from '../../verify/prices/tokenUsdPrice.ts'
import { verifyEvmOrderPatchTx } from '../../verify/verifyEvmOrderPatchTx.ts'
import { decideStuckAction, type StuckAction, type StuckPolicy } from '../decideStuckAction.ts'
import { readOrderFromSource } from '../readOrderFromSource.ts'
import { checkAuthorityCall } from './checkAuthorityCall.ts'

/** Inputs of {@link patchEvmOrder}. */
export type PatchEvmOrderParams = {
  orderId: Hex
  journal: Pick<
    JournalStore,
    'getOrder' | 'getIntent' | 'attemptsOf' | 'setAttemptState' | 'recordOrderPatch'
  >
  /** Read client of the order's source chain (the order struct comes from its create receipt). */
  source: PublicClient
  /** Our serialized sender on the destination chain, the order's destination authority. */
  sender: EvmSender
  prices: TrustedPriceSource
  policy: StuckPolicy
  /** The route's all-in cost cap, bps (risk.maxCostBps with risk.routes[] laid over). */
  maxCostBps: number
  /** `chains.<dst>.verify.simulation`. Default 'on'. */
  simulation?: EvmSimulationMode
  logger: Logger
}

/** What {@link patchEvmOrder} did: a patch mined, nothing (no longer open), or the policy's call. */
export type PatchEvmOrderResult =
  | { kind: 'patched'; txHash: Hex; patch: number; newTakeAmount: bigint; costBps: number }
  | { kind: 'notOpen' }
  | ({ kind: 'decided' } & Extract<StuckAction, { action: 'alert' | 'cancel' }>)

const SPENT = ['failed', 'dropped']

/**
 * The `patch` side of a stuck order (docs/safety.md P-7.12): reads the order struct from its
 * create receipt on the source chain (never memory), its take state and subtrahend on the
 * destination, counts the patches the journal holds (confirmed ones on the order, and every patch
 * attempt that may still land, by nonce: a restart never patches twice), values the input (the
 * intent's amountIn plus the order's flat fee) and the patched take at trusted prices and asks {@link decideStuckAction}. A `patch` is built by ferry
 * (buildEvmOrderPatchTx), verified (verifyEvmOrderPatchTx), simulated for value flow (nothing may
 * leave the wallet), sent through the destination's write-ahead sender as kind `patch`, and, once
 * its receipt shows DecreasedTakeAmount with the new take, counted on the journaled order.
 * @throws VerificationError when the patch or its receipt is not what ferry planned (nothing is
 *   signed before the checks); EvmRevertError when its simulation reverts.
 */
export async function patchEvmOrder(params: PatchEvmOrderParams): Promise<PatchEvmOrderResult> {
  const { journal, sender, logger } = params
  const orderId = params.orderId.toLowerCase() as Hex
  const rec = await journal.getOrder(orderId)
  if (!rec) throw new Error(`order ${orderId} is not in the journal`)
  const src = rec.srcChainId as ChainId
  const dst = rec.dstChainId as ChainId
  const dlnDestination = evmAllowList(dst)?.dlnDestination as Address
  const { attempts, onChain } = await readOrderFromSource({
    journal,
    rec,
    orderId,
    source: params.source,
  })
  const read = sender.rpc.read
  const [take, subtrahend] = await Promise.all([
    readTakeOrder(read, dlnDestination, orderId),
    read.readContract({
      address: dlnDestination,
      abi: dlnDestinationAbi,
      functionName: 'takePatches',
      args: [orderId],
    }),
  ])
  if (take.status !== 0) return { kind: 'notOpen' }
  const patchNonces = new Set(
    attempts.filter((a) => a.kind === 'patch' && !SPENT.includes(a.state)).map((a) => a.nonce),
  )
  const patchesMade = Math.max(rec.patches, patchNonces.size)
  const intent = (await journal.getIntent(rec.intentId))?.params as
    | { route?: { srcToken?: string }; amountIn?: bigint }
    | undefined
  const tokenIn = intent?.route?.srcToken
  const order = onChain.order
  const takeToken = order.takeTokenAddress.toLowerCase()
  const prices = await params.prices
    .snapshot([
      ...(tokenIn ? [{ chainId: src, token: tokenIn }] : []),
      { chainId: src, token: EVM_NATIVE },
      { chainId: dst, token: BigInt(takeToken) === 0n ? EVM_NATIVE : takeToken },
    ])
    .catch((error: Error) => {
      logger.warn({ orderId, error: error.message }, 'trusted prices unreadable for a patch')
      return undefined
    })
  const inPrice = tokenIn ? prices?.get(src, tokenIn) : undefined
  const feePrice = prices?.get(src, EVM_NATIVE)
  // The flat fee the order paid counts in its cost (P-7.9): it is part of what ferry put in.
  const fixFeeWei = nativeFixFeeOf(onChain.receipt.logs, orderId)
  const decision = decideStuckAction({
    policy: params.policy,
    maxCostBps: params.maxCostBps,
    patchesMade,
    takeAmount: order.takeAmount,
    takeSubtrahend: subtrahend,
    inputUsdE18:
      inPrice && feePrice && typeof intent?.amountIn === 'bigint'
        ? valueUsdE18(inPrice, intent.amountIn) + valueUsdE18(feePrice, fixFeeWei)
        : undefined,
    takePrice: prices?.get(dst, BigInt(takeToken) === 0n ? EVM_NATIVE : takeToken),
  })
  logger.info({ orderId, patchesMade, decision: decision.detail }, 'stuck order decision')
  if (decision.action !== 'patch') return { kind: 'decided', ...decision }

  const tx = buildEvmOrderPatchTx({ order, dlnDestination, newSubtrahend: decision.newSubtrahend })
  const { newTakeAmount } = verifyEvmOrderPatchTx({
    tx: { ...tx, from: sender.address },
    order,
    orderId,
    dstChainId: dst,
    ourDstAddress: sender.address,
    plannedSubtrahend: decision.newSubtrahend,
    currentSubtrahend: subtrahend,
  })
  // Nothing leaves the wallet, no allowance, no value (P-8.1, P-8.2).
  const gasLimit = await checkAuthorityCall(
    sender,
    tx,
    { kind: 'patch', nativeFeeWei: 0n },
    { simulation: params.simulation, logger },
  )
  const sent = await sender.send({
    kind: 'patch',
    ...tx,
    gasLimit,
    orderId,
    intentId: rec.intentId,
  })
  const includedAt = Number(sent.receipt.blockNumber)
  if (sent.receipt.status !== 'success') {
    await journal.setAttemptState(sent.hash, 'failed', { includedAt })
    // The contract's error by name (docs/dln.md §4.7), e.g. WrongExternalCallHash.
    const revert = await explainRevert(sender, { ...tx, gasLimit }, sent.receipt.blockNumber)
    throw new VerificationError(
      'receipt.status',
      'success',
      sent.receipt.status,
      `patch ${sent.hash} reverted: ${revert.errorName}`,
    )
  }
  await journal.setAttemptState(sent.hash, 'confirmed', { includedAt })
  const finalTake = decreasedTakeIn(sent.receipt.logs, dlnDestination, orderId)
  if (finalTake !== newTakeAmount) {
    throw new VerificationError('receipt.DecreasedTakeAmount', newTakeAmount, finalTake ?? 'none')
  }
  const patch = await journal.recordOrderPatch(orderId, decision.newSubtrahend)
  logger.info(
    { orderId, chainId: dst, hash: sent.hash, patch, newTakeAmount },
    'order take patched',
  )
  return { kind: 'patched', txHash: sent.hash, patch, newTakeAmount, costBps: decision.costBps }
}

/** The flat native fee of the order's CreatedOrder event in `logs` (0 when not found), wei. */
function nativeFixFeeOf(logs: Log[], orderId: Hex): bigint {
  const created = parseEventLogs({ abi: dlnSourceAbi, logs, eventName: 'CreatedOrder' }).find(
    (e) => e.args.orderId.toLowerCase() === orderId,
  )
  return created?.args.nativeFixFee ?? 0n
}

/** The final take of DlnDestination's DecreasedTakeAmount for `orderId` in `logs`, if any. */
function decreasedTakeIn(
  logs: readonly { address: string; data: Hex; topics: readonly Hex[] }[],
  dlnDestination: Address,
  orderId: Hex,
): bigint | undefined {
  for (const e of dlnDestinationEventsOf(logs, dlnDestination)) {
    if (e.eventName === 'DecreasedTakeAmount' && e.args.orderId.toLowerCase() === orderId) {
      return e.args.orderTakeFinalAmount
    }
  }
  return undefined
}
