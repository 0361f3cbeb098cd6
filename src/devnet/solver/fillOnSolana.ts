import {
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  MintLayout,
} from '@solana/spl-token'
import { PublicKey, SystemProgram, type TransactionInstruction } from '@solana/web3.js'
import { bytesToHex } from 'viem'
import { decodeBase58 } from '../../chains/base58.ts'
import type { DlnOrder } from '../../chains/orderId/dlnOrder.ts'
import type { DestinationFill } from './DestinationFill.ts'
import { hexBytes } from './hexBytes.ts'
import { openTokenAccount } from './openTokenAccount.ts'
import type { SolverContext } from './SolverContext.ts'
import { sendSolana } from './sendSolana.ts'

/**
 * Fills a Solana-destination order: the solver sends the take amount (lamports, or the SPL
 * token's base units) to the receiver. Throws when the devnet runs no Solana or the mint is
 * unknown.
 */
export async function fillOnSolana(ctx: SolverContext, order: DlnOrder): Promise<DestinationFill> {
  if (!ctx.solana) throw new Error('the devnet does not run Solana')
  const { connection } = ctx.solana
  const { solverSol } = ctx
  const mint = new PublicKey(hexBytes(order.takeTokenAddress))
  const receiver = new PublicKey(hexBytes(order.receiverDst))
  const instructions: TransactionInstruction[] = []
  if (mint.equals(SystemProgram.programId)) {
    instructions.push(
      SystemProgram.transfer({
        fromPubkey: solverSol.publicKey,
        toPubkey: receiver,
        lamports: order.takeAmount,
      }),
    )
  } else {
    const mintInfo = await connection.getAccountInfo(mint)
    if (!mintInfo) throw new Error(`unknown mint ${mint.toBase58()}`)
    const decimals = MintLayout.decode(mintInfo.data).decimals
    const to = await openTokenAccount(ctx.solana, mint, receiver)
    instructions.push(
      createTransferCheckedInstruction(
        getAssociatedTokenAddressSync(mint, solverSol.publicKey, true),
        mint,
        to,
        solverSol.publicKey,
        order.takeAmount,
        decimals,
      ),
    )
  }
  // Solana hooks (solana_serialized_instructions) are recorded with the fill, not executed:
  // their instruction format is the real program's, which the devnet does not have.
  const signature = await sendSolana(connection, solverSol, instructions)
  const slot = await connection.getSlot()
  return {
    txHash: bytesToHex(decodeBase58(signature)),
    blockNumber: slot,
    blockHash: bytesToHex(
      new PublicKey((await connection.getLatestBlockhash()).blockhash).toBytes(),
    ),
    timeS: Math.floor(Date.now() / 1000),
    hookOk: true,
  }
}
