import type { Address, Hex } from 'viem'
import type { CancelJournal, CancelOrderState } from '../../chains/evm/cancelJournal.ts'
import type { EvmSender } from '../../chains/evm/createEvmSender.ts'
import type { EvmSendProgress } from '../../chains/evm/EvmSendProgress.ts'
import type { CancelClaim } from '../../chains/evm/waitForCancelClaim.ts'
import type { EvmSimulationMode } from '../../verify/checkEvmValueFlow.ts'
import type { CancelOrderBaseParams, CancelOrderBaseProgress } from '../cancelOrderBaseTypes.ts'

/** Inputs of `cancelEvmOrder`. Fees in destination-chain wei, durations in ms. */
export type CancelEvmOrderParams = CancelOrderBaseParams & {
  journal: CancelJournal
  /**
   * The serialized sender of our wallet on the order's destination chain; its journal must be
   * the write-ahead one (the cancel is journaled as kind `cancel` before broadcast, P-2.1).
   */
  sender: EvmSender
  /**
   * deBridge messaging fee the cancel carries as value on top of the execution fee, as given.
   * Default: computed from the gate's config read on the destination chain
   * (`DlnDestination.deBridgeGate()`, then the gate's fees for the order's give chain and
   * DlnDestination's discount: readMessagingFee, gateSendValueWei), as the gate refuses a cancel
   * that pays less.
   */
  messagingFeeWei?: bigint
  /** Reward of the keeper that claims the cancel on the source. Default 0. */
  executionFeeWei?: bigint
  /**
   * Most value the cancel may carry. Default twice the destination chain's flat DLN fee from the
   * registry (`fixedFeeFallback`, about the size of a messaging fee), or 0 where it is unknown.
   */
  maxValueWei?: bigint
  /** `chains.<id>.verify.simulation` of the destination chain. Default 'on' (P-8.1, P-8.10). */
  simulation?: EvmSimulationMode
  onProgress?: (event: CancelEvmOrderProgress) => void
}

/** Steps of a cancel, for callers that show or test them. */
export type CancelEvmOrderProgress =
  | CancelOrderBaseProgress
  | { stage: 'verified'; beneficiary: Address; valueWei: bigint }
  | EvmSendProgress

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
