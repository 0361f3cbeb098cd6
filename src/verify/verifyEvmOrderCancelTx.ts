import { type Address, decodeFunctionData, encodeFunctionData, type Hex, size } from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'
import { dlnDestinationAbi } from '../chains/abi/dlnDestinationAbi.ts'
import { DLN_ORDER_COMPONENTS } from '../chains/abi/dlnOrderAbiParameters.ts'
import { CHAINS } from '../chains/chainRegistry.ts'
import { type EvmAllowList, evmAllowList } from '../chains/evmAllowList.ts'
import { computeOrderId } from '../chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import { toAddressBytes } from '../chains/toAddressBytes.ts'
import { VerificationError } from '../common/VerificationError.ts'

/** sendEvmOrderCancel(O,address,uint256) (docs/dln.md §4.3). */
export const SEND_EVM_ORDER_CANCEL_SELECTOR = '0xd38d9626'

/** Inputs of {@link verifyEvmOrderCancelTx}. Values in destination-chain wei. */
export type VerifyEvmOrderCancelTxParams = {
  /** The transaction about to be signed, and the address that will sign it. */
  tx: { to: string; data: Hex; value: bigint; from: string }
  /** The order as DlnSource emitted it in CreatedOrder on the source chain (not from memory). */
  order: DlnOrder
  /** The orderId journaled when the order was created. */
  orderId: Hex
  srcChainId: ChainId
  dstChainId: ChainId
  /** Our wallet on the destination chain: the order's destination authority (P-7.1). */
  ourDstAddress: string
  /** Our wallet on the source chain: the only refund beneficiary ferry accepts (P-7.2). */
  ourSrcAddress: string
  /** Most native value the cancel may carry (messaging fee + execution fee). */
  maxValueWei: bigint
  allowListOverride?: Partial<EvmAllowList>
}

/** What a verified cancel transaction will do. */
export type VerifiedEvmOrderCancel = {
  orderId: Hex
  order: DlnOrder
  /** Where DlnSource pays the refund on the source chain. */
  beneficiary: Address
  executionFeeWei: bigint
  valueWei: bigint
}

/**
 * Checks a cancel transaction before anything signs it (safety P-7.4, with P-1.1, P-1.2, P-7.1,
 * P-7.2): both chains are EVM; `to` is the destination chain's allow-listed DlnDestination; the
 * selector is sendEvmOrderCancel and the calldata re-encodes byte for byte; the decoded order
 * equals, field by field, the order read from the source chain, whose recomputed id is the
 * journaled orderId; the order's destination authority is the signer and is our address; the
 * beneficiary is our source address and the order's allowedCancelBeneficiarySrc (or, when
 * empty, its maker); the execution fee fits in the value and the value is at most the cap.
 * Pure. Throws the first failed check as a {@link VerificationError}.
 */
export function verifyEvmOrderCancelTx(
  params: VerifyEvmOrderCancelTxParams,
): VerifiedEvmOrderCancel {
  const { tx, order, srcChainId, dstChainId } = params
  if (CHAINS[srcChainId]?.kind !== 'evm') {
    throw new VerificationError('srcChainId', 'an EVM source chain', srcChainId, 'is unsupported')
  }
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
  if (selector !== SEND_EVM_ORDER_CANCEL_SELECTOR) {
    throw new VerificationError(
      'tx.data',
      `sendEvmOrderCancel (${SEND_EVM_ORDER_CANCEL_SELECTOR})`,
      selector,
      'has an unexpected selector',
    )
  }
  const [decoded, beneficiary, executionFeeWei] = decodeCancel(tx.data)

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
  const ourSrc = toAddressBytes(params.ourSrcAddress, srcChainId)
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
  const allowed = decoded.allowedCancelBeneficiarySrc.toLowerCase()
  const [refundField, refundTo] =
    size(decoded.allowedCancelBeneficiarySrc) > 0
      ? ['order.allowedCancelBeneficiarySrc', allowed]
      : ['order.makerSrc', decoded.makerSrc.toLowerCase()]
  if (refundTo !== ourSrc) {
    throw new VerificationError(refundField, ourSrc, refundTo, 'is not our source address (P-7.2)')
  }
  if (beneficiary.toLowerCase() !== ourSrc) {
    throw new VerificationError('tx.data._cancelBeneficiary', ourSrc, beneficiary)
  }
  if (executionFeeWei > tx.value) {
    throw new VerificationError(
      'tx.data._executionFee',
      `<= tx.value ${tx.value}`,
      executionFeeWei,
      'exceeds the value sent',
    )
  }
  if (tx.value > params.maxValueWei) {
    throw new VerificationError(
      'tx.value',
      `<= ${params.maxValueWei}`,
      tx.value,
      'is above the cap',
    )
  }
  return {
    orderId: recomputed,
    order: decoded,
    beneficiary,
    executionFeeWei,
    valueWei: tx.value,
  }
}

function decodeCancel(data: Hex): readonly [DlnOrder, Address, bigint] {
  let args: readonly unknown[]
  try {
    const decoded = decodeFunctionData({ abi: dlnDestinationAbi, data })
    if (decoded.functionName !== 'sendEvmOrderCancel') throw new Error(decoded.functionName)
    args = decoded.args
  } catch (error) {
    throw new VerificationError(
      'tx.data',
      'ABI-encoded sendEvmOrderCancel',
      data.slice(0, 10),
      `does not decode: ${(error as Error).message.split('\n')[0]}`,
    )
  }
  const [order, beneficiary, executionFee] = args as readonly [DlnOrder, Address, bigint]
  // Trailing or non-canonical bytes could hide anything: demand byte equality (P-1.2).
  const reencoded = encodeFunctionData({
    abi: dlnDestinationAbi,
    functionName: 'sendEvmOrderCancel',
    args: [order, beneficiary, executionFee],
  })
  if (reencoded.toLowerCase() !== data.toLowerCase()) {
    throw new VerificationError(
      'tx.data',
      `${reencoded.length} hex chars (canonical encoding)`,
      `${data.length} hex chars`,
      'is not canonically encoded',
    )
  }
  return [order, beneficiary, executionFee]
}
