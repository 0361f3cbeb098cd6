import { randomBytes } from 'node:crypto'
import {
  type PublicKey,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { FailedTransactionMetadata, type LiteSVM } from 'litesvm'

const LAMPORTS_PER_SIGNATURE = 5000

/** What one run of ordinary instructions did. */
export type OrdinaryRun = { err: string | undefined; logs: string[]; unitsConsumed: number }

/**
 * Runs consecutive ordinary (non-stand-in) instructions of a transaction through litesvm, on the
 * devnet's live state, as one inner transaction: signatures were checked and the fee charged once
 * for the whole transaction, so this runs without sigverify and gives the inner fee back.
 */
export function runOrdinaryInstructions(
  svm: LiteSVM,
  payer: PublicKey,
  instructions: TransactionInstruction[],
): OrdinaryRun {
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: svm.latestBlockhash(),
    instructions,
  }).compileToV0Message()
  const inner = new VersionedTransaction(message)
  // Unique bytes so litesvm never takes an inner run for one it already processed.
  inner.signatures = inner.signatures.map(() => Uint8Array.from(randomBytes(64)))
  svm.withSigverify(false)
  let result: ReturnType<LiteSVM['sendTransaction']>
  try {
    result = svm.sendTransaction(inner)
  } finally {
    svm.withSigverify(true)
  }
  const payerAccount = svm.getAccount(payer)
  if (payerAccount) {
    const fee = message.header.numRequiredSignatures * LAMPORTS_PER_SIGNATURE
    svm.setAccount(payer, { ...payerAccount, lamports: payerAccount.lamports + fee })
  }
  if (result instanceof FailedTransactionMetadata) {
    const logs = result.meta().logs()
    const err = result.err()
    return {
      err:
        logs.filter((l) => l.includes('failed')).at(-1) ??
        `transaction failed (${typeof err === 'object' && err ? err.constructor.name : String(err)})`,
      logs,
      unitsConsumed: Number(result.meta().computeUnitsConsumed()),
    }
  }
  return {
    err: undefined,
    logs: result.logs(),
    unitsConsumed: Number(result.computeUnitsConsumed()),
  }
}
