import { VersionedTransaction } from '@solana/web3.js'
import { type Hex, hexToBytes } from 'viem'

/**
 * Whether a serialized transaction invokes `program` at its top level (program ids are always
 * static keys, so no lookup table is needed). False for bytes that do not deserialize: the
 * caller's decoder then refuses them, naming `tx.data`.
 */
export function solanaTxCallsProgram(txData: Hex, program: string): boolean {
  try {
    const m = VersionedTransaction.deserialize(hexToBytes(txData)).message
    return m.compiledInstructions.some(
      (ix) => m.staticAccountKeys[ix.programIdIndex]?.toBase58() === program,
    )
  } catch {
    return false
  }
}
