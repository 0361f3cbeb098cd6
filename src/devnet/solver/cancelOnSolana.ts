import { encodeFunctionData } from 'viem'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { SOLANA_PROGRAMS } from '../../chains/chainRegistry.ts'
import { takeOrderStateAddress } from '../../chains/solana/takeOrderStateLayout.ts'
import { readTakeOrderState } from '../solana/standIn/dlnDst/readTakeOrderState.ts'
import { claimAbi } from './claimAbi.ts'
import { relayMessage } from './relayMessage.ts'
import type { SolverContext } from './SolverContext.ts'
import type { SentCancel } from './sentCancelsOf.ts'

/**
 * Carries a cancel into Solana to its EVM source, as deBridge's network carries dln_dst's message
 * (docs/dln.md §3.5, §4.12): once a landed transaction's `sendOrderCancel` has left the order's
 * take state `SentCancel` (the dln_dst stand-in checked the canceler, the beneficiary and the
 * fees), relays `claimCancel(orderId, beneficiary)` to DlnSource on the give chain through the
 * DevnetMessenger, as an EVM cancel's message is relayed.
 * @throws Error naming what is missing; nothing is relayed then.
 */
export async function cancelOnSolana(ctx: SolverContext, cancel: SentCancel): Promise<void> {
  if (!ctx.solana) throw new Error('the devnet does not run Solana')
  const program = SOLANA_PROGRAMS.dlnDestination
  const account = await ctx.solana.connection.getAccountInfo(
    takeOrderStateAddress(program, cancel.orderId),
  )
  if (!account || account.owner.toBase58() !== program) {
    throw new Error(`cancel of ${cancel.orderId}: no take state of dln_dst`)
  }
  const state = readTakeOrderState(account.data)
  if (state.status !== 'SentCancel') {
    throw new Error(`cancel of ${cancel.orderId}: take state is ${state.status}, not SentCancel`)
  }
  const srcChainId = Number(state.sourceChainId)
  const source = ctx.chains.get(srcChainId)
  if (!source) throw new Error(`cancel of an order from chain ${srcChainId}, not on the devnet`)
  await relayMessage(
    ctx,
    SOLANA_CHAIN_ID,
    srcChainId,
    source.contracts.dlnSource,
    encodeFunctionData({
      abi: claimAbi,
      functionName: 'claimCancel',
      args: [cancel.orderId, cancel.beneficiary],
    }),
  )
}
