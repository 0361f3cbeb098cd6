import type { Hex, PublicClient } from 'viem'
import type { CancelOrderState } from '../chains/evm/cancelJournal.ts'
import type { CancelClaim } from '../chains/evm/waitForCancelClaim.ts'
import type { Clock } from '../common/clock.ts'
import type { Logger } from '../common/Logger.ts'

/** Inputs every cancel takes, whatever its destination. Durations in ms. */
export type CancelOrderBaseParams = {
  /** The journaled orderId (0x + 64 hex). */
  orderId: Hex
  /** Read client of the order's (EVM) source chain, where the refund is paid. */
  source: PublicClient
  /** Our wallet on the source chain: the refund beneficiary (P-7.2). */
  sourceAddress: string
  /** Wait for ClaimedOrderCancel on the source before returning. Default true. */
  waitForRefund?: boolean
  /** How long to wait for the refund (into Solana, for the take state first). Default 600 000. */
  refundTimeoutMs?: number
  /** Poll interval of the waits (into Solana, of the signature status too). Default 1 000. */
  pollIntervalMs?: number
  /** Confirmations of the refund claim on the source. Default the registry's depth (P-2.14). */
  sourceConfirmations?: number
  clock?: Clock
  logger?: Logger
}

/** Steps every cancel reports, whatever its destination. */
export type CancelOrderBaseProgress =
  | { stage: 'read'; orderId: Hex; createTxHash: Hex; blockNumber: bigint }
  | { stage: 'simulated' }
  | { stage: 'orderState'; state: CancelOrderState; txHash: string | undefined }
  | { stage: 'refunded'; claim: CancelClaim }
