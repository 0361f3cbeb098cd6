import { type Address, encodeFunctionData, type Hex } from 'viem'
import { dlnDestinationAbi } from '../chains/abi/dlnDestinationAbi.ts'
import { type GateNativeFees, gateSendValueWei } from '../chains/evm/gateSendValueWei.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'

/** A cancel transaction for the destination chain, before signing. Value in wei. */
export type EvmOrderCancelTx = { to: Address; data: Hex; value: bigint }

/** Inputs of {@link buildEvmOrderCancelTx}. Fees in destination-chain wei. */
export type BuildEvmOrderCancelTxParams = {
  /** The order exactly as DlnSource emitted it in CreatedOrder (read from chain, not memory). */
  order: DlnOrder
  /** DlnDestination of the destination chain (the allow-listed address). */
  dlnDestination: Address
  /** Who DlnSource refunds on the source chain: ferry's own source address (P-7.2). */
  beneficiary: Address
  /**
   * The gate's fee config read from the destination chain (readMessagingFee): the value is then
   * what the gate needs to keep its fees and pass on the whole execution fee (gateSendValueWei).
   */
  gateFees?: GateNativeFees
  /** Without `gateFees`: a messaging fee added to the execution fee as it is. Default 0. */
  messagingFeeWei?: bigint
  /** Reward of the keeper that claims the cancel on the source chain. Default 0. */
  executionFeeWei?: bigint
}

/**
 * Builds `DlnDestination.sendEvmOrderCancel(order, beneficiary, executionFee)` (docs/dln.md §3.5,
 * §4.3 selector 0xd38d9626) with the value DeBridgeGate needs for the message: with `gateFees`,
 * the fixed fee (per destination, else global, minus the discount), the transfer fee on the rest
 * and the whole execution fee (gateSendValueWei); else `messagingFee + executionFee`. As the service's
 * cancel-tx endpoint would, since the service spec has none (docs/safety.md §7). Pure; the result must
 * still pass `verifyEvmOrderCancelTx` before anything signs it (P-7.4).
 */
export function buildEvmOrderCancelTx(params: BuildEvmOrderCancelTxParams): EvmOrderCancelTx {
  const executionFeeWei = params.executionFeeWei ?? 0n
  const messagingFeeWei = params.messagingFeeWei ?? 0n
  return {
    to: params.dlnDestination,
    data: encodeFunctionData({
      abi: dlnDestinationAbi,
      functionName: 'sendEvmOrderCancel',
      args: [params.order, params.beneficiary, executionFeeWei],
    }),
    value: params.gateFees
      ? gateSendValueWei(params.gateFees, executionFeeWei)
      : messagingFeeWei + executionFeeWei,
  }
}
