import type { PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import type { DecodedSolanaOrderTx } from '../chains/solana/decodeSolanaOrderTx.ts'
import type { SolanaOrderPayload } from '../chains/solana/solanaOrderPayload.ts'
import type { OrderIntent } from './orderIntent.ts'
import type { CheckVerdict } from './verifyEvmOrderTx.ts'

/** Chain facts and limits of a Solana order check; each has a documented default. */
export type SolanaOrderTxOptions = {
  /**
   * The order program, owner of the escrow that receives the give amount and the fee.
   * Default SOLANA_PROGRAMS.dlnSource; on the devnet, its escrow key.
   */
  orderProgramId?: string
  /** The fixed fee the escrow must receive, in lamports. Default 15_000_000 (0.015 SOL). */
  fixedFeeLamports?: bigint
  /** Cap on unit price × unit limit, in lamports. Default 10_000_000 (0.01 SOL, P-2.17). */
  maxPriorityFeeLamports?: bigint
  /** Protocol fee in bps taken before the order's give amount. Default 4. */
  transferFeeBps?: bigint
}

/** Inputs of checkSolanaOrderTx and verifySolanaOrderTx. */
export type CheckSolanaOrderTxParams = SolanaOrderTxOptions & {
  /** `tx.data` of create-tx: 0x-hex of a serialized VersionedTransaction (docs/dln.md §1.4). */
  txData: Hex
  intent: OrderIntent
  announcedOrderId: string
  /** Address lookup tables the message uses, key → addresses (see loadSolanaLookupTables). */
  lookupTables?: ReadonlyMap<string, PublicKey[]>
  /** `estimation.dstChainTokenOut.amount` of the same answer (takeBelowEstimation). */
  estimatedTakeAmount?: bigint
}

/** What a verified Solana order transaction will do. */
export type VerifiedSolanaOrder = {
  orderId: Hex
  order: DlnOrder
  /** The devnet model's payload and decode; undefined for a real dln_src create (docs/dln.md §4.10). */
  payload?: SolanaOrderPayload
  decoded?: DecodedSolanaOrderTx
  /** What leaves our wallet for the order, in input base units (lamports for SOL). */
  amountIn: bigint
  feeLamports: bigint
  priorityFeeLamports: bigint
  escrow: string
  /** Token accounts the transaction creates at our expense (each costs rent). */
  tokenAccountCreates: number
  /** Other rent the order program takes from us (dln_src's order and nonce accounts), lamports. */
  extraRentLamports?: bigint
  /** The order's give token when a pre-swap makes it differ from the intent's input. */
  orderGiveToken?: string
}

/** Every check's verdict, in order; `verified` is set only when all passed. */
export type SolanaOrderChecks = {
  checks: CheckVerdict[]
  /** The devnet model's decode; undefined for a real dln_src create. */
  decoded?: DecodedSolanaOrderTx
  /** The orderId the memo's order hashes to, when there is one memo. */
  orderId: Hex | undefined
  /** ceil(unit price µ-lamports × unit limit / 1e6), in lamports. */
  priorityFeeLamports: bigint
  verified: VerifiedSolanaOrder | undefined
}
