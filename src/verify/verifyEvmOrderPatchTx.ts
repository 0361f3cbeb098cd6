import { decodeFunctionData, encodeFunctionData, type Hex } from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'
import { dlnDestinationAbi } from '../chains/abi/dlnDestinationAbi.ts'
import { DLN_ORDER_COMPONENTS } from '../chains/abi/dlnOrderAbiParameters.ts'
import { CHAINS } from '../chains/chainRegistry.ts'
import { type EvmAllowList, evmAllowList } from '../chains/evmAllowList.ts'
import { computeOrderId } from '../chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import { toAddressBytes } from '../chains/toAddressBytes.ts'
import { VerificationError } from '../common/VerificationError.ts'

/** patchOrderTake(O,uint256) (docs/dln.md §4.3). */
export const PATCH_ORDER_TAKE_SELECTOR = '0x51f228b4'

/** Inputs of {@link verifyEvmOrderPatchTx}. Amounts in the take token's base units. */
export type VerifyEvmOrderPatchTxParams = {
  /** The transaction about to be signed, and the address that will sign it. */
  tx: { to: string; data: Hex; value: bigint; from: string }
  /** The order as DlnSource emitted it in CreatedOrder on the source chain (not from memory). */
  order: DlnOrder
  /** The orderId journaled when the order was created. */
  orderId: Hex
  dstChainId: ChainId
  /** Our wallet on the destination chain: the order's destination authority (P-7.1). */
  ourDstAddress: string
  /** The subtrahend ferry decided on (decideStuckAction), held against the calldata. */
  plannedSubtrahend: bigint
  /** The subtrahend on chain now: the new one must be above it. */
  currentSubtrahend: bigint
  allowListOverride?: Partial<EvmAllowList>
}

/**
 * Checks a take patch before anything signs it (P-7.12, with P-1.1, P-1.2, P-7.1): `to` is the
 * destination chain's allow-listed DlnDestination; the selector is patchOrderTake and the calldata
 * re-encodes byte for byte; the decoded order equals the order read from the source chain field
 * by field and recomputes to the journaled orderId; its take chain is this chain; its destination
 * authority is our address and the signer; the subtrahend is the planned one, above the one on
 * chain and below takeAmount; no value is sent. Pure. Throws the first failed check as a
 * {@link VerificationError}; returns the take a taker must deliver after the patch.
 */
export function verifyEvmOrderPatchTx(params: VerifyEvmOrderPatchTxParams): {
  newTakeAmount: bigint
} {
  const { tx, order, dstChainId } = params
  const allow = evmAllowList(dstChainId, params.allowListOverride)
  if (!allow || CHAINS[dstChainId]?.kind !== 'evm') {
    throw new VerificationError(
      'dstChainId',
      'an EVM chain with known DLN contracts',
      dstChainId,
      'has no allow-list',
    )
  }
  if (tx.to.toLowerCase() !== allow.dlnDestination) {
    throw new VerificationError('tx.to', allow.dlnDestination, tx.to, 'is not DlnDestination')
  }
  const selector = tx.data.slice(0, 10).toLowerCase()
  if (selector !== PATCH_ORDER_TAKE_SELECTOR) {
    throw new VerificationError(
      'tx.data',
      `patchOrderTake (${PATCH_ORDER_TAKE_SELECTOR})`,
      selector,
      'has an unexpected selector',
    )
  }
  const [decoded, subtrahend] = decodePatch(tx.data)
  for (const { name } of DLN_ORDER_COMPONENTS) {
    const want = order[name]
    const got = decoded[name]
    const same =
      typeof want === 'bigint'
        ? want === got
        : String(want).toLowerCase() === String(got).toLowerCase()
    if (!same)
      throw new VerificationError(`order.${name}`, want, got, 'differs from the order on chain')
  }
  const recomputed = computeOrderId(decoded)
  if (recomputed.toLowerCase() !== params.orderId.toLowerCase()) {
    throw new VerificationError('orderId', params.orderId, recomputed, 'is not the journaled order')
  }
  if (decoded.takeChainId !== BigInt(CHAINS[dstChainId].nativeChainId ?? dstChainId)) {
    throw new VerificationError('order.takeChainId', dstChainId, decoded.takeChainId)
  }
  const ourDst = toAddressBytes(params.ourDstAddress, dstChainId)
  const authority = decoded.orderAuthorityAddressDst.toLowerCase()
  if (authority !== ourDst) {
    throw new VerificationError(
      'order.orderAuthorityAddressDst',
      ourDst,
      authority,
      'is not our destination address (P-7.1)',
    )
  }
  if (tx.from.toLowerCase() !== authority) {
    throw new VerificationError('tx.from', authority, tx.from, 'is not the destination authority')
  }
  if (subtrahend !== params.plannedSubtrahend) {
    throw new VerificationError('tx.data._newSubtrahend', params.plannedSubtrahend, subtrahend)
  }
  if (subtrahend <= params.currentSubtrahend || subtrahend >= decoded.takeAmount) {
    throw new VerificationError(
      'tx.data._newSubtrahend',
      `> ${params.currentSubtrahend} and < takeAmount ${decoded.takeAmount}`,
      subtrahend,
    )
  }
  if (tx.value !== 0n) {
    throw new VerificationError('tx.value', 0n, tx.value, 'a take patch pays nothing')
  }
  return { newTakeAmount: decoded.takeAmount - subtrahend }
}

function decodePatch(data: Hex): readonly [DlnOrder, bigint] {
  let args: readonly unknown[]
  try {
    const decoded = decodeFunctionData({ abi: dlnDestinationAbi, data })
    if (decoded.functionName !== 'patchOrderTake') throw new Error(decoded.functionName)
    args = decoded.args
  } catch (error) {
    throw new VerificationError(
      'tx.data',
      'ABI-encoded patchOrderTake',
      data.slice(0, 10),
      `does not decode: ${(error as Error).message.split('\n')[0]}`,
    )
  }
  const [order, subtrahend] = args as readonly [DlnOrder, bigint]
  // Trailing or non-canonical bytes could hide anything: demand byte equality (P-1.2).
  const reencoded = encodeFunctionData({
    abi: dlnDestinationAbi,
    functionName: 'patchOrderTake',
    args: [order, subtrahend],
  })
  if (reencoded.toLowerCase() !== data.toLowerCase()) {
    throw new VerificationError(
      'tx.data',
      `${reencoded.length} hex chars (canonical encoding)`,
      `${data.length} hex chars`,
      'is not canonically encoded',
    )
  }
  return [order, subtrahend]
}
