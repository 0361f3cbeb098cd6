import { bytesToHex, concatHex, type Hex } from 'viem'
import type { SolanaInstruction } from './serializeUnsignedSolanaTx.ts'

/** Solana's compute-budget program. */
export const COMPUTE_BUDGET_PROGRAM_ID = 'ComputeBudget111111111111111111111111111111'

const littleEndian = (value: bigint, byteCount: number): Hex => {
  const bytes = new Uint8Array(byteCount)
  for (let i = 0; i < byteCount; i++) bytes[i] = Number((value >> BigInt(8 * i)) & 0xffn)
  return bytesToHex(bytes)
}

/**
 * The two compute-budget instructions clients expect first (docs/dln.md §1.4): SetComputeUnitLimit
 * (tag 2, u32 LE units at byte 1) and SetComputeUnitPrice (tag 3, u64 LE micro-lamports at byte
 * 1), so a client can patch both in place.
 * @param programIndex index of {@link COMPUTE_BUDGET_PROGRAM_ID} in the message's account keys
 */
export function computeBudgetInstructions(
  programIndex: number,
  unitLimit: number,
  unitPriceMicroLamports: number,
): SolanaInstruction[] {
  return [
    {
      programIndex,
      accountIndices: [],
      data: concatHex(['0x02', littleEndian(BigInt(unitLimit), 4)]),
    },
    {
      programIndex,
      accountIndices: [],
      data: concatHex(['0x03', littleEndian(BigInt(unitPriceMicroLamports), 8)]),
    },
  ]
}
