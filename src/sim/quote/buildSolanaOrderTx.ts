import type { Hex } from 'viem'
import {
  COMPUTE_BUDGET_PROGRAM_ID,
  computeBudgetInstructions,
} from './computeBudgetInstructions.ts'
import { encodeSolanaOrderPayload } from './encodeSolanaOrderPayload.ts'
import { serializeUnsignedSolanaTx } from './serializeUnsignedSolanaTx.ts'
import type { SolanaOrderPayload } from './solanaOrderPayload.ts'

// All-zero blockhash: the client sets a fresh one before signing (dln-facts §1.4).
const PLACEHOLDER_BLOCKHASH = '11111111111111111111111111111111'

/** Inputs of a Solana-source order transaction. */
export type SolanaOrderTxParams = SolanaOrderPayload & {
  /** The maker's base58 key: fee payer and only signer. */
  maker: string
  /** The order program called (configurable until the devnet defines it). */
  programId: string
  computeUnitLimit: number
  computeUnitPriceMicroLamports: number
}

/**
 * `tx.data` of a Solana-source create-tx answer: 0x-hex of an unsigned serialized
 * VersionedTransaction (dln-facts §1.4). Instructions: 0 SetComputeUnitLimit, 1
 * SetComputeUnitPrice (patchable in place, as clients do), 2 a call of `programId` with the maker
 * as signer and the packed order of encodeSolanaOrderPayload as data. This is the simulator's own
 * instruction layout, not the real DLN program's; a large hook can push the transaction past
 * Solana's 1232-byte packet limit.
 */
export function buildSolanaOrderTx(p: SolanaOrderTxParams): { data: Hex } {
  const data = serializeUnsignedSolanaTx({
    accountKeys: [p.maker, p.programId, COMPUTE_BUDGET_PROGRAM_ID],
    numRequiredSignatures: 1,
    numReadonlySigned: 0,
    numReadonlyUnsigned: 2,
    recentBlockhash: PLACEHOLDER_BLOCKHASH,
    instructions: [
      ...computeBudgetInstructions(2, p.computeUnitLimit, p.computeUnitPriceMicroLamports),
      { programIndex: 1, accountIndices: [0], data: encodeSolanaOrderPayload(p) },
    ],
  })
  return { data }
}
