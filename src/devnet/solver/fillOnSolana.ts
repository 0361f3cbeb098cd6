import {
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  MintLayout,
} from '@solana/spl-token'
import { PublicKey, SystemProgram, type TransactionInstruction } from '@solana/web3.js'
import { bytesToHex, type Hex } from 'viem'
import { decodeBase58 } from '../../chains/base58.ts'
import { SOLANA_PROGRAMS } from '../../chains/chainRegistry.ts'
import type { DlnOrder } from '../../chains/orderId/dlnOrder.ts'
import { readSolanaOrderFill } from '../../chains/solana/readSolanaOrderFill.ts'
import { ORDER_TAKE_STATUS } from '../../chains/solana/takeOrderStateLayout.ts'
import type { DestinationFill } from './DestinationFill.ts'
import { hexBytes } from './hexBytes.ts'
import { OrderNoLongerOpenError } from './OrderNoLongerOpenError.ts'
import { openTokenAccount } from './openTokenAccount.ts'
import type { SolverContext } from './SolverContext.ts'
import { sendSolana } from './sendSolana.ts'
import { writeTakeState } from './writeTakeState.ts'

/**
 * Fills a Solana-destination order: the solver sends the take amount (lamports, or the SPL
 * token's base units) to the receiver, then writes the order's take state `Fulfilled` as
 * DlnDestination would (ferry's fill evidence). Throws OrderNoLongerOpenError when the order has
 * a take state already (filled, or cancelled by its authority), else when the devnet runs no
 * Solana or the mint is unknown.
 */
export async function fillOnSolana(
  ctx: SolverContext,
  orderId: Hex,
  order: DlnOrder,
): Promise<DestinationFill> {
  if (!ctx.solana) throw new Error('the devnet does not run Solana')
  const { connection } = ctx.solana
  const { solverSol } = ctx
  // A take state means the order was filled or cancelled (SentCancel) already: never fill twice.
  const state = await readSolanaOrderFill(connection, {
    dlnDestination: SOLANA_PROGRAMS.dlnDestination,
    orderId,
  })
  if (state.kind !== 'open') {
    throw new OrderNoLongerOpenError(orderId, ORDER_TAKE_STATUS.indexOf('SentCancel'))
  }
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
  await writeTakeState(ctx.solana.rpcUrl, {
    orderId,
    status: 'Fulfilled',
    sourceChainId: Number(order.giveChainId),
    unlockAuthority: solverSol.publicKey,
  })
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
