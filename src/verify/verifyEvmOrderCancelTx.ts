import { type Address, type Hex, size } from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'
import { CHAINS } from '../chains/chainRegistry.ts'
import {
  type GateNativeFees,
  gateFeeSplit,
  gateSendValueWei,
} from '../chains/evm/gateSendValueWei.ts'
import type { EvmAllowList } from '../chains/evmAllowList.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import { toAddressBytes } from '../chains/toAddressBytes.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { checkEvmDstOrderCall } from './checkEvmDstOrderCall.ts'

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
  /**
   * The gate's fee config read on the destination (readMessagingFee). When given, the value must
   * cover the gate's fees and the whole execution fee (gateFeeSplit), else the gate reverts
   * `TransferAmountNotCoverFees()` or the keeper's reward arrives cut.
   */
  gateFees?: GateNativeFees
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
 * empty, its maker); the execution fee fits in the value, and with `gateFees` the value covers
 * the gate's fees and the whole execution fee; the value is at most the cap.
 * Pure. Throws the first failed check as a {@link VerificationError}.
 */
export function verifyEvmOrderCancelTx(
  params: VerifyEvmOrderCancelTxParams,
): VerifiedEvmOrderCancel {
  const { tx, srcChainId } = params
  if (CHAINS[srcChainId]?.kind !== 'evm') {
    throw new VerificationError('srcChainId', 'an EVM source chain', srcChainId, 'is unsupported')
  }
  const checked = checkEvmDstOrderCall({
    ...params,
    functionName: 'sendEvmOrderCancel',
    selector: SEND_EVM_ORDER_CANCEL_SELECTOR,
  })
  const { decoded } = checked
  const [beneficiary, executionFeeWei] = checked.rest as readonly [Address, bigint]
  const ourSrc = toAddressBytes(params.ourSrcAddress, srcChainId)
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
  if (params.gateFees) {
    const split = gateFeeSplit(params.gateFees, tx.value, executionFeeWei)
    if (split?.executionFeeWei !== executionFeeWei) {
      throw new VerificationError(
        'tx.value',
        `>= ${gateSendValueWei(params.gateFees, executionFeeWei)}`,
        tx.value,
        split ? 'cuts the execution fee after the gate fees' : 'does not cover the gate fees',
      )
    }
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
    orderId: checked.orderId,
    order: decoded,
    beneficiary,
    executionFeeWei,
    valueWei: tx.value,
  }
}
