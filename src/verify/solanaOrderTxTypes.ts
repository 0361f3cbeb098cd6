import type { PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import type { OrderIntent } from './orderIntent.ts'
import type { CheckVerdict } from './verifyEvmOrderTx.ts'

/** Chain facts and limits of a Solana order check; each has a documented default. */
export type SolanaOrderTxOptions = {
  /** The dln_src program id. Default SOLANA_PROGRAMS.dlnSource (the devnet's stand-in uses it too). */
  orderProgramId?: string
  /** The fixed fee dln_src takes, in lamports. Default 15_000_000 (0.015 SOL). */
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
  /** What leaves our wallet for the order, in input base units (lamports for SOL). */
  amountIn: bigint
  feeLamports: bigint
  priorityFeeLamports: bigint
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
  /** The orderId the create instruction's order hashes to, when there is one. */
  orderId: Hex | undefined
  /** ceil(unit price µ-lamports × unit limit / 1e6), in lamports. */
  priorityFeeLamports: bigint
  verified: VerifiedSolanaOrder | undefined
}
