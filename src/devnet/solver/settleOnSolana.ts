import type { Hex } from 'viem'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { encodeBase58 } from '../../chains/base58.ts'
import { callSolanaDevnet } from '../solana/callSolanaDevnet.ts'
import { hexBytes } from './hexBytes.ts'
import type { SolverContext } from './SolverContext.ts'

/**
 * Settles a Solana-source order once its take chain's message arrives: dln_src's claimUnlock (to
 * the solver) or claimOrderCancel (to the cancel beneficiary, the maker when none is set), applied
 * by the devnet (devnet_claimGiveOrder, docs/dln.md §4.12), out of the order's giveOrderWallet.
 * Does nothing for an order the solver never saw, or when the devnet runs no Solana.
 */
export async function settleOnSolana(
  ctx: SolverContext,
  orderId: Hex,
  kind: 'unlock' | 'cancel',
): Promise<void> {
  const s = ctx.seen.get(orderId)
  if (!s || !ctx.solana) return
  const beneficiary =
    kind === 'cancel'
      ? encodeBase58(
          hexBytes(
            s.order.allowedCancelBeneficiarySrc.length > 2
              ? s.order.allowedCancelBeneficiarySrc
              : s.order.makerSrc,
          ),
        )
      : ctx.solverSol.publicKey.toBase58()
  await callSolanaDevnet(ctx.solana.rpcUrl, 'devnet_claimGiveOrder', [orderId, beneficiary, kind])
  ctx.events.emit(kind === 'cancel' ? 'cancelled' : 'unlocked', {
    orderId,
    giveChainId: SOLANA_CHAIN_ID,
    txHash: `claim:${orderId}`,
  })
}
