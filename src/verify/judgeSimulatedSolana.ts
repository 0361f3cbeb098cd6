import type { Connection, PublicKey, VersionedTransaction } from '@solana/web3.js'
import { judgeSolanaValueFlow, type SolanaValueFlowVerdict } from './judgeSolanaValueFlow.ts'
import { readAndSimulateSolana } from './readAndSimulateSolana.ts'
import { SolanaValueFlowError } from './SolanaValueFlowError.ts'
import type { SolanaAccountChange, SolanaValueFlowExpectation } from './solanaValueFlow.ts'

/**
 * Reads `keys`, simulates `tx` unsigned (readAndSimulateSolana) and holds the deltas to
 * `expectation` (judgeSolanaValueFlow), the one path of every Solana send before signing
 * (docs/safety.md P-8.9). One more run when a refusal comes from a simulation at a later slot
 * than the read.
 * @throws SolanaValueFlowError when the deltas are not the expected flow; SolanaSendError
 *   `simulationFailed` when the simulation errs or returns no accounts.
 */
export async function judgeSimulatedSolana(
  connection: Connection,
  tx: VersionedTransaction,
  keys: PublicKey[],
  expectation: SolanaValueFlowExpectation,
): Promise<SolanaValueFlowVerdict & { changes: SolanaAccountChange[] }> {
  let run = await readAndSimulateSolana(connection, tx, keys)
  let verdict = judgeSolanaValueFlow(expectation, run.changes)
  if (verdict.violations.length > 0 && run.moved) {
    // The chain moved between the read and the simulation: a transfer to us in between would
    // look like a wrong delta. Once more before calling it an integrity refusal.
    run = await readAndSimulateSolana(connection, tx, keys)
    verdict = judgeSolanaValueFlow(expectation, run.changes)
  }
  if (verdict.violations.length > 0)
    throw new SolanaValueFlowError(verdict.violations, verdict.lines)
  return { ...verdict, changes: run.changes }
}
