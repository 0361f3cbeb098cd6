import type { Hex, TransactionReceipt } from 'viem'
import type { ApiClient } from '../../api/createApiClient.ts'
import type { BuildableCreateTxParams } from '../../api/requests/buildCreateTxQuery.ts'
import type { OrderTxResponse } from '../../api/schemas/orderQuote.ts'
import type { EvmSender } from '../../chains/evm/createEvmSender.ts'
import type { EvmSendProgress } from '../../chains/evm/EvmSendProgress.ts'
import type { ParsedCreatedOrder } from '../../chains/evm/parseCreatedOrder.ts'
import type { Clock } from '../../common/clock.ts'
import type { Logger } from '../../common/Logger.ts'
import type { EvmSimulationMode } from '../../verify/checkEvmValueFlow.ts'
import type { EvmValueFlow } from '../../verify/evmValueFlow.ts'
import type { OrderIntent } from '../../verify/orderIntent.ts'
import type { TrustedPriceSource } from '../../verify/prices/tokenUsdPrice.ts'
import type { VerifiedEvmOrder } from '../../verify/verifyEvmOrderTx.ts'
import type { AllowancePolicy, EnsureAllowanceResult } from './ensureAllowance.ts'
import type { ApprovalsMode } from './permitForOrder.ts'

/** Default age limit of a quote at signing time, in ms (docs/safety.md P-7.7). */
export const DEFAULT_MAX_QUOTE_AGE_MS = 30_000

/** create-tx parameters ferry adds to its intent (never taken from the service). */
export type OrderRequestExtras = Omit<
  Partial<BuildableCreateTxParams>,
  | 'srcChainId'
  | 'srcChainTokenIn'
  | 'srcChainTokenInAmount'
  | 'dstChainId'
  | 'dstChainTokenOut'
  | 'dstChainTokenOutRecipient'
  | 'senderAddress'
  | 'srcChainOrderAuthorityAddress'
  | 'dstChainOrderAuthorityAddress'
  | 'srcAllowedCancelBeneficiary'
  | 'enableEstimate'
>

/** Inputs of {@link executeEvmOrder}. Durations in ms. */
export type ExecuteEvmOrderParams = {
  intent: OrderIntent
  api: Pick<ApiClient, 'createOrderTx'>
  /** The serialized sender of (intent.srcChainId, intent.sender). */
  sender: EvmSender
  extras?: OrderRequestExtras
  /** Default `{ kind: 'exact' }` (P-1.10). */
  allowancePolicy?: AllowancePolicy
  /**
   * `permit`: where no allowance fits and the token takes EIP-2612 permits, sign one for exactly
   * the input instead of an approve transaction (docs/safety.md §10). Default `approve`.
   */
  approvals?: ApprovalsMode
  /** A quote older than this at signing is never signed. Default 30 000. */
  maxQuoteAgeMs?: number
  /** Fresh quotes asked for after a stale one. Default 1. */
  maxRequotes?: number
  /** Confirmations before the order counts as created. Default: the sender's (chain's). */
  confirmations?: number
  /** Set a leftover allowance back to 0 when the order fails after ferry approved. Default true. */
  revokeOnFailure?: boolean
  /** Trusted prices of the input, give and native tokens (P-8.6, P-8.8). */
  prices: TrustedPriceSource
  /** The route's all-in cost cap in bps: value reaching the order >= value leaving x (1 - it). */
  maxCostBps: number
  /**
   * `chains.<id>.verify.simulation`: 'on' (default) simulates and judges the value flow before
   * every signature (P-8.1); 'off' signs after a plain eth_call, logging on every signature that
   * value flow was not checked (P-8.10).
   */
  simulation?: EvmSimulationMode
  intentId?: string
  clock?: Clock
  logger?: Logger
  /** Awaited where the order's path waits on it (it may journal the intent's progress). */
  onProgress?: (event: EvmOrderProgress) => void | Promise<void>
}

/** Steps of the pipeline, for callers that show or test them. */
export type EvmOrderProgress =
  | { stage: 'facts'; fixedFeeWei: bigint; allowances: bigint[] }
  | { stage: 'approved'; allowance: EnsureAllowanceResult }
  | { stage: 'verified'; orderId: Hex; spender: string }
  | { stage: 'simulated'; flow: EvmValueFlow | undefined }
  | EvmSendProgress
  | { stage: 'created'; orderId: Hex; blockNumber: bigint }

/** A created order, counted only at the confirmation depth (P-2.5, P-2.14). */
export type ExecuteEvmOrderResult = {
  orderId: Hex
  hash: Hex
  nonce: number
  receipt: TransactionReceipt
  created: ParsedCreatedOrder
  verified: VerifiedEvmOrder
  quote: OrderTxResponse
  allowance: EnsureAllowanceResult | undefined
}
