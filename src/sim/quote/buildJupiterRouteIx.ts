import { TOKEN_PROGRAM_ID } from '@solana/spl-token'
import { PublicKey, TransactionInstruction } from '@solana/web3.js'
import { anchorDiscriminator } from '../../chains/solana/anchorDiscriminator.ts'
import { JUPITER_EVENT_AUTHORITY } from './solanaOrderLookupTable.ts'
import {
  JUPITER_V6_PROGRAM,
  SOLANA_SWAP_POOL_AUTHORITY,
  solanaSwapPoolAccount,
} from './solanaSwapPool.ts'

/**
 * A Jupiter v6 `route` (docs/dln.md §4.10, §4.12) swapping `inAmount` of `source` (signed by
 * `authority`) into `destination`: accounts tokenProgram, userTransferAuthority,
 * userSourceTokenAccount, userDestinationTokenAccount, destinationTokenAccount (None = Jupiter's
 * id), destinationMint, platformFeeAccount (None), eventAuthority, program, then the pool accounts
 * it trades through; data = discriminator ‖ a one-step route plan ‖ inAmount u64 ‖
 * quotedOutAmount u64 ‖ slippageBps u16 ‖ platformFeeBps u8 (0).
 */
export function buildJupiterRouteIx(p: {
  authority: PublicKey
  source: PublicKey
  destination: PublicKey
  inMint: string
  outMint: string
  inAmount: bigint
  quotedOutAmount: bigint
  slippageBps: number
}): TransactionInstruction {
  const program = new PublicKey(JUPITER_V6_PROGRAM)
  const data = Buffer.alloc(8 + 4 + 4 + 8 + 8 + 2 + 1)
  anchorDiscriminator('route').copy(data, 0)
  data.writeUInt32LE(1, 8)
  // RoutePlanStep { swap: Swap::Saber (tag 0, no fields), percent: 100, inputIndex 0, outputIndex 1 }
  data.set([0, 100, 0, 1], 12)
  data.writeBigUInt64LE(p.inAmount, 16)
  data.writeBigUInt64LE(p.quotedOutAmount, 24)
  data.writeUInt16LE(p.slippageBps, 32)
  data.writeUInt8(0, 34)
  const r = (pubkey: PublicKey) => ({ pubkey, isSigner: false, isWritable: false })
  const w = (pubkey: PublicKey) => ({ pubkey, isSigner: false, isWritable: true })
  return new TransactionInstruction({
    programId: program,
    keys: [
      r(TOKEN_PROGRAM_ID),
      { pubkey: p.authority, isSigner: true, isWritable: false },
      w(p.source),
      w(p.destination),
      r(program),
      r(new PublicKey(p.outMint)),
      r(program),
      r(JUPITER_EVENT_AUTHORITY),
      r(program),
      w(solanaSwapPoolAccount(p.inMint)),
      w(solanaSwapPoolAccount(p.outMint)),
      r(SOLANA_SWAP_POOL_AUTHORITY),
    ],
    data,
  })
}
