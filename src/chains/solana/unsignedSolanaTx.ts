import {
  type AddressLookupTableAccount,
  ComputeBudgetProgram,
  type PublicKey,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { bytesToHex, type Hex } from 'viem'

// All-zero blockhash: the signer sets a fresh one before signing (docs/dln.md §1.4).
const PLACEHOLDER_BLOCKHASH = '11111111111111111111111111111111'

/** Inputs of {@link unsignedSolanaTx}. */
export type UnsignedSolanaTxParams = {
  /** Fee payer and only signer. */
  payer: PublicKey
  computeUnitLimit: number
  computeUnitPriceMicroLamports: number | bigint
  /** What follows the two compute-budget instructions. */
  instructions: TransactionInstruction[]
  /** Address lookup tables to load accounts through (real cancels need them to fit). */
  lookupTables?: AddressLookupTableAccount[]
}

/**
 * An unsigned transaction as a service tx answer carries it (docs/dln.md §1.4): 0x-hex of a
 * serialized v0 VersionedTransaction whose instructions 0 and 1 are SetComputeUnitLimit and
 * SetComputeUnitPrice (as clients patch them), then `instructions`; placeholder blockhash. Pure.
 */
export function unsignedSolanaTx(p: UnsignedSolanaTxParams): Hex {
  const message = new TransactionMessage({
    payerKey: p.payer,
    recentBlockhash: PLACEHOLDER_BLOCKHASH,
    instructions: [
      ComputeBudgetProgram.setComputeUnitLimit({ units: p.computeUnitLimit }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: p.computeUnitPriceMicroLamports }),
      ...p.instructions,
    ],
  }).compileToV0Message(p.lookupTables)
  return bytesToHex(new VersionedTransaction(message).serialize())
}
