import type { Connection, PublicKey, VersionedTransaction } from '@solana/web3.js'
import { SOLANA_NATIVE_TOKEN } from '../api/requests/addressRules.ts'
import { judgeSimulatedSolana } from './judgeSimulatedSolana.ts'
import type { SolanaValueFlowVerdict } from './judgeSolanaValueFlow.ts'
import { DEFAULT_LAMPORTS_PER_SIGNATURE } from './simulateSolanaValueFlow.ts'
import type { SolanaAccountChange, SolanaValueFlowExpectation } from './solanaValueFlow.ts'
import { solanaValueFlowAccounts } from './solanaValueFlowAccounts.ts'

/** Inputs of {@link simulateSolanaCancelValueFlow}. Lamports. */
export type SimulateSolanaCancelValueFlowParams = {
  connection: Connection
  /** The exact verified cancel about to be signed, with its final blockhash, unsigned. */
  tx: VersionedTransaction
  /** Our wallet: fee payer and only signer. */
  wallet: string
  /** The verified messaging fee: deBridge's flat fee plus the execution fee. */
  feeLamports: bigint
  /** How much of deBridge's flat fee a discount the cancel names may waive. Default 0. */
  feeWaivableLamports?: bigint
  /** The most rent the cancel pays: the take state and deBridge's external-call accounts (docs/dln.md §4.10). */
  rentLamports: bigint
  /** The verified priority fee cap (unit price × unit limit). */
  priorityFeeLamports: bigint
  /** Base fee per signature. Default 5 000. */
  lamportsPerSignature?: bigint
  /** The tables the cancel loads accounts through (key → addresses), to watch every writable one. */
  lookupTables?: ReadonlyMap<string, PublicKey[]>
}

/**
 * Simulates the exact cancel before it is signed, on the path of the order executor
 * (judgeSimulatedSolana; docs/safety.md P-8.1, P-8.9): our wallet loses the messaging fee plus
 * at most the transaction fee and the documented rent of what the cancel creates (the take state
 * and deBridge's external-call accounts, docs/dln.md §4.10), nothing else of ours moves, no account of ours is closed or altered. A
 * cancel gives nothing, so no price is needed.
 * One more run when a refusal comes from a simulation at a later slot than the read.
 * @throws SolanaValueFlowError when anything else leaves; SolanaSendError `simulationFailed`
 *   when the simulation errs.
 */
export async function simulateSolanaCancelValueFlow(
  p: SimulateSolanaCancelValueFlowParams,
): Promise<SolanaValueFlowVerdict & { changes: SolanaAccountChange[] }> {
  const keys = solanaValueFlowAccounts(p.tx, p.lookupTables ?? new Map(), {
    sender: p.wallet,
    tokenIn: SOLANA_NATIVE_TOKEN,
  })
  const signatures = BigInt(p.tx.message.header.numRequiredSignatures)
  const expectation: SolanaValueFlowExpectation = {
    kind: 'cancel',
    wallet: p.wallet,
    giveToken: SOLANA_NATIVE_TOKEN,
    giveAmount: 0n,
    fixedFeeLamports: p.feeLamports,
    fixedFeeWaivableLamports: p.feeWaivableLamports,
    maxTxFeeLamports:
      signatures * (p.lamportsPerSignature ?? DEFAULT_LAMPORTS_PER_SIGNATURE) +
      p.priorityFeeLamports,
    maxRentLamports: p.rentLamports,
    orderGiveAmount: 0n,
    prices: { get: () => undefined },
    maxCostBps: 0,
  }
  return judgeSimulatedSolana(p.connection, p.tx, keys, expectation)
}
