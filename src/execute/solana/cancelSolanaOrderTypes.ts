import type { Connection } from '@solana/web3.js'
import type { Hex } from 'viem'
import type { ApiClient } from '../../api/createApiClient.ts'
import type { CancelJournal } from '../../chains/evm/cancelJournal.ts'
import type { SolanaAccountReader } from '../../chains/solana/createSolanaAccountReader.ts'
import type { JournalStore } from '../../store/contract/JournalStore.ts'
import type { CancelOrderBaseParams, CancelOrderBaseProgress } from '../cancelOrderBaseTypes.ts'
import type { FinishedCancel } from '../finishCancel.ts'

/** Inputs of `cancelSolanaOrder`. Fees in lamports, durations in ms. */
export type CancelSolanaOrderParams = CancelOrderBaseParams & {
  /** The journal: the order and its attempts, and the write-ahead record of the signed cancel. */
  journal: CancelJournal & Pick<JournalStore, 'recordSignedAttempt' | 'setAttemptState'>
  /** The service: its cancel-tx is checked against ferry's own build before anything is signed. */
  api: Pick<ApiClient, 'getOrderCancelTx'>
  /** Solana, the order's destination. */
  connection: Connection
  /** The 64-byte secret key of our Solana wallet, the order's dst authority. Only signs; never logged. */
  secretKey: Uint8Array
  /** The DlnDestination program whose take state holds the order. Default the real one. */
  dlnDestination?: string
  /** Most execution fee the cancel may pay, in lamports. Default twice deBridge's fixed fee. */
  maxFeeLamports?: bigint
  /**
   * Reads the cancel's lookup tables and deBridge's fee accounts; default one plain read through
   * `connection`. A run and `ferry cancel` pass the chain's quorum reader
   * (createSolanaAccountReader).
   */
  readAccounts?: SolanaAccountReader
  /** The commitment at which the cancel counts as landed. Default `confirmed`. */
  commitment?: 'confirmed' | 'finalized'
  /** Most signatures of the cancel (the first plus re-signs after an expiry). Default 3. */
  maxSignatures?: number
  onProgress?: (event: CancelSolanaOrderProgress) => void
}

/** Steps of a Solana cancel, for callers that show or test them. */
export type CancelSolanaOrderProgress =
  | CancelOrderBaseProgress
  | { stage: 'verified'; beneficiary: Hex; feeLamports: bigint }
  | { stage: 'broadcast'; hash: string }

/** What a Solana cancel did; `cancelTxHash` is the cancel's signature (base58). */
export type CancelSolanaOrderResult = FinishedCancel<string>

/** Our Solana side of a cancel: what cancelSolanaOrder needs beyond the order's common inputs. */
export type SolanaCancelSide = Pick<
  CancelSolanaOrderParams,
  | 'connection'
  | 'secretKey'
  | 'api'
  | 'dlnDestination'
  | 'maxFeeLamports'
  | 'commitment'
  | 'readAccounts'
>
