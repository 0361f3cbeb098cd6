import type { VersionedTransaction } from '@solana/web3.js'

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111'
/** Base fee per signature in lamports (Solana's 5000). */
const LAMPORTS_PER_SIGNATURE = 5000n
// The runtime's defaults without SetComputeUnitLimit: 200k per instruction, 1.4M per transaction.
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n
const MAX_UNITS = 1_400_000n

/**
 * The fee Solana charges a transaction's fee payer, in lamports: 5000 per required signature plus
 * the priority fee ceil(SetComputeUnitPrice µ-lamports × unit limit / 1e6), the limit being
 * SetComputeUnitLimit's or the runtime default. Pure.
 */
export function standInTxFee(tx: VersionedTransaction): bigint {
  const message = tx.message
  let limit: bigint | undefined
  let price = 0n
  let others = 0n
  for (const ix of message.compiledInstructions) {
    const program = message.staticAccountKeys[ix.programIdIndex]?.toBase58()
    const data = Buffer.from(ix.data)
    if (program !== COMPUTE_BUDGET) {
      others++
    } else if (data[0] === 2 && data.length === 5) {
      limit = BigInt(data.readUInt32LE(1))
    } else if (data[0] === 3 && data.length === 9) {
      price = data.readBigUInt64LE(1)
    }
  }
  const units = limit ?? min(others * DEFAULT_UNITS_PER_INSTRUCTION, MAX_UNITS)
  const priority = (min(units, MAX_UNITS) * price + 999_999n) / 1_000_000n
  return BigInt(message.header.numRequiredSignatures) * LAMPORTS_PER_SIGNATURE + priority
}

/** Whether an instruction's program is the compute-budget program (a transaction-level setting). */
export function isComputeBudgetProgram(programId: string): boolean {
  return programId === COMPUTE_BUDGET
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}
