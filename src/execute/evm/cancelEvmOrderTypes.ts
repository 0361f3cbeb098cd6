import type { Address, Hex, PublicClient } from 'viem'
import type { CancelJournal, CancelOrderState } from '../../chains/evm/cancelJournal.ts'
import type { EvmSender } from '../../chains/evm/createEvmSender.ts'
import type { EvmSendProgress } from '../../chains/evm/EvmSendProgress.ts'
import type { CancelClaim } from '../../chains/evm/waitForCancelClaim.ts'
import type { Clock } from '../../common/clock.ts'
import type { Logger } from '../../common/Logger.ts'
import type { EvmSimulationMode } from '../../verify/checkEvmValueFlow.ts'

/** Inputs of `cancelEvmOrder`. Fees in destination-chain wei, durations in ms. */
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
  /**
   * deBridge messaging fee the cancel carries as value. Default: read from the destination chain
   * (`DlnDestination.deBridgeGate()`, then the gate's `globalFixedNativeFee()`), as the gate
   * refuses a cancel that pays less.
   */
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
  /** `chains.<id>.verify.simulation` of the destination chain. Default 'on' (P-8.1, P-8.10). */
  simulation?: EvmSimulationMode
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
