import {
  PublicKey,
  SystemProgram,
  type TransactionInstruction,
  TransactionMessage,
  type VersionedTransaction,
} from '@solana/web3.js'
import type { AccountInfoBytes, LiteSVM } from 'litesvm'
import { resolveTxAccountKeys } from './resolveTxAccountKeys.ts'
import { runOrdinaryInstructions } from './runOrdinaryInstructions.ts'
import { type StandInContext, StandInError, type StandInProgram } from './StandInProgram.ts'
import { isComputeBudgetProgram, standInTxFee } from './standInTxFee.ts'
import { verifyTxSignatures } from './verifyTxSignatures.ts'

/** Outcome of a transaction run by {@link runStandInTx}. */
export type StandInTxResult = {
  /** Undefined on success; the failing program's log line otherwise. */
  err: string | undefined
  /** False when the transaction failed before execution (no fee charged, like a validator). */
  executed: boolean
  logs: string[]
  unitsConsumed: number
  /** Every account the transaction named or a stand-in wrote, as after it (0 lamports = gone). */
  postAccounts: Map<string, AccountInfoBytes>
}

// Units a stand-in instruction reports; its real program's cost is not modelled.
const STAND_IN_UNITS = 20_000

/**
 * Runs a transaction that calls stand-in programs (docs/dln.md §4.12) on the devnet's litesvm:
 * resolves its lookup tables from the devnet's accounts, checks its signatures when `sigVerify`,
 * charges the fee once (5000 per signature plus the priority fee), then runs its instructions in
 * order (runs of ordinary ones through litesvm, stand-in ones through their handler, one shared
 * state). All or nothing: on failure every account it named or wrote is restored and only the fee
 * stays charged. With `keep: false` (a simulation) everything is restored after the run.
 */
export function runStandInTx(
  svm: LiteSVM,
  programs: ReadonlyMap<string, StandInProgram>,
  tx: VersionedTransaction,
  options: { sigVerify: boolean; keep: boolean; slot: number },
): StandInTxResult {
  const notExecuted = (err: string): StandInTxResult => ({
    err,
    executed: false,
    logs: [],
    unitsConsumed: 0,
    postAccounts: new Map(),
  })
  let instructions: TransactionInstruction[]
  let keys: PublicKey[]
  try {
    const resolved = resolveTxAccountKeys(svm, tx)
    keys = resolved.keys
    instructions = TransactionMessage.decompile(tx.message, {
      addressLookupTableAccounts: resolved.tables,
    }).instructions
  } catch (error) {
    return notExecuted(error instanceof StandInError ? error.message : String(error))
  }
  if (options.sigVerify && !verifyTxSignatures(tx)) {
    return notExecuted('Transaction did not pass signature verification')
  }
  const payer = keys[0]!
  const fee = standInTxFee(tx)
  const payerBefore = svm.getAccount(payer)
  if (!payerBefore || BigInt(payerBefore.lamports) < fee) {
    return notExecuted('Transaction results in an account (0) with insufficient funds for fee')
  }

  const snapshots = new Map<string, AccountInfoBytes | null>()
  const remember = (key: PublicKey): void => {
    const text = key.toBase58()
    if (snapshots.has(text)) return
    const account = svm.getAccount(key)
    // Programs never change inside a transaction: not copied, not restored.
    if (!account?.executable) snapshots.set(text, account)
  }
  for (const key of keys) remember(key)
  svm.setAccount(payer, { ...payerBefore, lamports: payerBefore.lamports - Number(fee) })

  const logs: string[] = []
  let unitsConsumed = 0
  let err: string | undefined
  let pending: TransactionInstruction[] = []
  const flush = (): void => {
    if (pending.length === 0 || err) return
    const run = runOrdinaryInstructions(svm, payer, pending)
    pending = []
    logs.push(...run.logs)
    unitsConsumed += run.unitsConsumed
    err = run.err
  }
  for (const [index, ix] of instructions.entries()) {
    if (err) break
    const programId = ix.programId.toBase58()
    const program = programs.get(programId)
    if (!program) {
      if (!isComputeBudgetProgram(programId)) pending.push(ix)
      continue
    }
    flush()
    if (err) break
    err = applyStandIn(svm, program, ix, instructions[index + 1], options.slot, remember, logs)
    unitsConsumed += STAND_IN_UNITS
  }
  flush()

  const postAccounts = new Map<string, AccountInfoBytes>()
  if (!err) {
    for (const key of snapshots.keys()) {
      postAccounts.set(key, svm.getAccount(new PublicKey(key)) ?? closedAccount())
    }
  }
  if (err || !options.keep) {
    for (const [key, account] of snapshots)
      svm.setAccount(new PublicKey(key), account ?? closedAccount())
    // A failed transaction still pays its fee, as on Solana.
    if (err && options.keep) {
      svm.setAccount(payer, { ...payerBefore, lamports: payerBefore.lamports - Number(fee) })
    }
  }
  return { err, executed: true, logs, unitsConsumed, postAccounts }
}

function applyStandIn(
  svm: LiteSVM,
  program: StandInProgram,
  ix: TransactionInstruction,
  next: TransactionInstruction | undefined,
  slot: number,
  remember: (key: PublicKey) => void,
  logs: string[],
): string | undefined {
  const id = program.programId
  logs.push(`Program ${id} invoke [1]`)
  const ctx: StandInContext = {
    get: (key) => svm.getAccount(new PublicKey(key)) ?? undefined,
    set: (key, account) => {
      // The runtime refuses a write to an account the instruction did not mark writable.
      if (!ix.keys.some((k) => k.isWritable && k.pubkey.toBase58() === key)) {
        throw new StandInError(`instruction changed the data of a read-only account ${key}`)
      }
      const pubkey = new PublicKey(key)
      remember(pubkey)
      svm.setAccount(pubkey, account)
    },
    log: (line) => void logs.push(`Program log: ${line}`),
    slot,
    next: next && { programId: next.programId.toBase58(), data: Uint8Array.from(next.data) },
  }
  try {
    program.apply(ctx, {
      programId: id,
      accounts: ix.keys.map((k) => ({
        pubkey: k.pubkey.toBase58(),
        isSigner: k.isSigner,
        isWritable: k.isWritable,
      })),
      data: Uint8Array.from(ix.data),
    })
  } catch (error) {
    // A handler's own bug fails the transaction too, so state is always restored.
    const message = error instanceof Error ? error.message : String(error)
    logs.push(`Program log: ${message}`)
    const failed = `Program ${id} failed: ${message}`
    logs.push(failed)
    return failed
  }
  logs.push(`Program ${id} consumed ${STAND_IN_UNITS} of ${STAND_IN_UNITS} compute units`)
  logs.push(`Program ${id} success`)
  return undefined
}

function closedAccount(): AccountInfoBytes {
  return { lamports: 0, data: new Uint8Array(), owner: SystemProgram.programId, executable: false }
}
