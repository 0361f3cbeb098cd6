import type { Connection } from '@solana/web3.js'
import type { Hex, PublicClient } from 'viem'
import type { ApiClient } from '../../api/createApiClient.ts'
import type { CancelJournal, CancelOrderState } from '../../chains/evm/cancelJournal.ts'
import type { CancelClaim } from '../../chains/evm/waitForCancelClaim.ts'
import type { Clock } from '../../common/clock.ts'
import type { Logger } from '../../common/Logger.ts'
import type { SendRecords } from '../../store/createSendRecords.ts'
import type { CancelEvmOrderResult } from '../evm/cancelEvmOrderTypes.ts'

/** Inputs of `cancelSolanaOrder`. Fees in lamports, durations in ms. */
export type CancelSolanaOrderParams = {
  /** The journaled orderId (0x + 64 hex). */
  orderId: Hex
  /** The journal: the order and its attempts, and the write-ahead record of the signed cancel. */
  journal: CancelJournal & Pick<SendRecords, 'recordSignedAttempt' | 'setAttemptState'>
  /** The service: its cancel-tx is checked against ferry's own build before anything is signed. */
  api: Pick<ApiClient, 'getOrderCancelTx'>
  /** Read client of the order's (EVM) source chain, where the refund is paid. */
  source: PublicClient
  /** Solana, the order's destination. */
  connection: Connection
  /** The 64-byte secret key of our Solana wallet, the order's dst authority. Only signs; never logged. */
  secretKey: Uint8Array
  /** Our wallet on the source chain: the refund beneficiary (P-7.2). */
  sourceAddress: string
  /** The DlnDestination program whose take state holds the order. Default the real one. */
  dlnDestination?: string
  /** Most messaging fee the cancel may pay. Default twice Solana's flat DLN fee. */
  maxFeeLamports?: bigint
  /** The commitment at which the cancel counts as landed. Default `confirmed`. */
  commitment?: 'confirmed' | 'finalized'
  /** Wait for ClaimedOrderCancel on the source before returning. Default true. */
  waitForRefund?: boolean
  /** How long to wait for the take state and then the refund. Default 600 000. */
  refundTimeoutMs?: number
  /** Poll interval of the waits and of the signature status. Default 1 000. */
  pollIntervalMs?: number
  /** Confirmations of the refund claim on the source. Default the registry's depth (P-2.14). */
  sourceConfirmations?: number
  /** Most signatures of the cancel (the first plus re-signs after an expiry). Default 3. */
  maxSignatures?: number
  clock?: Clock
  logger?: Logger
  onProgress?: (event: CancelSolanaOrderProgress) => void
}

/** Steps of a Solana cancel, for callers that show or test them. */
export type CancelSolanaOrderProgress =
  | { stage: 'read'; orderId: Hex; createTxHash: Hex; blockNumber: bigint }
  | { stage: 'verified'; beneficiary: Hex; feeLamports: bigint }
  | { stage: 'simulated' }
  | { stage: 'broadcast'; hash: string }
  | { stage: 'orderState'; state: CancelOrderState; txHash: string | undefined }
  | { stage: 'refunded'; claim: CancelClaim }

/** What a Solana cancel did; `cancelTxHash` is the cancel's signature (base58). */
export type CancelSolanaOrderResult = Omit<CancelEvmOrderResult, 'cancelTxHash'> & {
  cancelTxHash: string | undefined
}

/** Our Solana side of a cancel: what cancelSolanaOrder needs beyond the order's common inputs. */
export type SolanaCancelSide = Pick<
  CancelSolanaOrderParams,
  'connection' | 'secretKey' | 'api' | 'dlnDestination' | 'maxFeeLamports' | 'commitment'
>
