import type { PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'
import { SOLANA_CHAIN_ID } from '../api/schemas/chainId.ts'
import { CHAINS } from '../chains/chainRegistry.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import { TAKE_ORDER_STATE_RENT_LAMPORTS } from '../chains/solana/takeOrderStateLayout.ts'
import { verifyDlnSolanaCancelTx } from './verifyDlnSolanaCancelTx.ts'

/** Inputs of {@link verifySolanaCancelTx}. Lamports for fees. */
export type VerifySolanaCancelTxParams = {
  /** The service's cancel: 0x-hex of a serialized VersionedTransaction. */
  txData: Hex
  /** The journaled orderId. */
  orderId: Hex
  /** The order as created on the source chain (read from its receipt, not from memory). */
  order: DlnOrder
  /** Our Solana key (base58): must be the order's destination authority (P-7.1). */
  ourDstKey: string
  /** Our source-chain address: the only beneficiary ferry accepts (P-7.2). */
  ourSrcAddress: string
  /** The DlnDestination program (the real one, or the wiring's `takeProgramId`). */
  dlnDestination: string
  /** Most execution fee. Default twice Solana's flat DLN fee (`fixedFeeFallback`). */
  maxFeeLamports?: bigint
  /** Cap on unit price × unit limit. Default 10_000_000 (P-2.17). */
  maxPriorityFeeLamports?: bigint
  lookupTables?: ReadonlyMap<string, PublicKey[]>
}

/** What a verified Solana cancel will do. Lamports. */
export type VerifiedSolanaCancel = {
  /** What the cancel pays deBridge: its flat fee plus the execution fee. */
  feeLamports: bigint
  /** The most rent it pays: the take state `cancelOrder` creates (docs/dln.md §4.10). */
  rentLamports: bigint
  priorityFeeLamports: bigint
  /** Who the source chain refunds, 0x hex. */
  beneficiary: Hex
}

/**
 * Holds the service's cancel of an order into Solana to the real dln_dst format (docs/safety.md
 * §7, P-7.1, P-7.2; docs/dln.md §3.5, §4.10) with verifyDlnSolanaCancelTx: compute budget,
 * `cancelOrder` of exactly the journaled order and `sendOrderCancel` refunding our source
 * address, our key alone paying and signing. What may leave our wallet, for the simulation to
 * hold it to: deBridge's flat fee plus the execution fee, and the take state's documented rent.
 * Pure.
 * @throws VerificationError naming the first field that differs; nothing is signed then.
 */
export function verifySolanaCancelTx(p: VerifySolanaCancelTxParams): VerifiedSolanaCancel {
  const real = verifyDlnSolanaCancelTx(p)
  const flatFee = CHAINS[SOLANA_CHAIN_ID].fixedFeeFallback ?? 0n
  return {
    feeLamports: flatFee + real.executionFeeLamports,
    rentLamports: TAKE_ORDER_STATE_RENT_LAMPORTS,
    priorityFeeLamports: real.priorityFeeLamports,
    beneficiary: real.beneficiary,
  }
}
