import {
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  MintLayout,
} from '@solana/spl-token'
import { PublicKey, SystemProgram, type TransactionInstruction } from '@solana/web3.js'
import type { Hex } from 'viem'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { hexBytes } from './hexBytes.ts'
import { openTokenAccount } from './openTokenAccount.ts'
import type { SolverContext } from './SolverContext.ts'
import { sendSolana } from './sendSolana.ts'

/**
 * Pays a Solana-source order's give amount out of the escrow: to the solver for an unlock, to the
 * cancel beneficiary (the maker when none is set) for a cancel. Does nothing for an order the
 * solver never saw, or when the devnet runs no Solana.
 */
export async function settleOnSolana(
  ctx: SolverContext,
  orderId: Hex,
  kind: 'unlock' | 'cancel',
): Promise<void> {
  const s = ctx.seen.get(orderId)
  if (!s || !ctx.solana) return
  const { connection } = ctx.solana
  const { escrowSol } = ctx
  const mint = new PublicKey(hexBytes(s.order.giveTokenAddress))
  const to =
    kind === 'cancel'
      ? new PublicKey(
          hexBytes(
            s.order.allowedCancelBeneficiarySrc.length > 2
              ? s.order.allowedCancelBeneficiarySrc
              : s.order.makerSrc,
          ),
        )
      : ctx.solverSol.publicKey
  const amount = s.order.giveAmount
  const instructions: TransactionInstruction[] = []
  if (mint.equals(SystemProgram.programId)) {
    instructions.push(
      SystemProgram.transfer({ fromPubkey: escrowSol.publicKey, toPubkey: to, lamports: amount }),
    )
  } else {
    const mintInfo = await connection.getAccountInfo(mint)
    const decimals = mintInfo ? MintLayout.decode(mintInfo.data).decimals : 0
    const toAta = await openTokenAccount(ctx.solana, mint, to)
    instructions.push(
      createTransferCheckedInstruction(
        getAssociatedTokenAddressSync(mint, escrowSol.publicKey, true),
        mint,
        toAta,
        escrowSol.publicKey,
        amount,
        decimals,
      ),
    )
  }
  const signature = await sendSolana(connection, escrowSol, instructions)
  ctx.events.emit(kind === 'cancel' ? 'cancelled' : 'unlocked', {
    orderId,
    giveChainId: SOLANA_CHAIN_ID,
    txHash: signature,
  })
}
