import { type Address, decodeFunctionData, type Hex } from 'viem'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { devnetMessengerAbi } from '../devnetMessengerAbi.ts'
import { claimAbi } from './claimAbi.ts'
import type { SolverContext } from './SolverContext.ts'
import { settleOnSolana } from './settleOnSolana.ts'

/**
 * Relays one DevnetMessenger message (a claimUnlock or claimCancel for DlnSource) to its
 * destination chain, as the real messaging layer would, and emits `unlocked` or `cancelled`. A
 * message to Solana is settled out of the Solana escrow instead (settleOnSolana). Throws when
 * the destination is a chain the devnet does not run, or the delivery reverts.
 */
export async function relayMessage(
  ctx: SolverContext,
  fromChainId: number,
  dstChainId: number,
  target: Address,
  data: Hex,
): Promise<void> {
  const claim = decodeFunctionData({ abi: claimAbi, data })
  const orderId = claim.args[0]
  const kind = claim.functionName === 'claimUnlock' ? 'unlock' : 'cancel'
  if (dstChainId === SOLANA_CHAIN_ID) {
    await settleOnSolana(ctx, orderId, kind)
    return
  }
  const dst = ctx.chains.get(dstChainId)
  if (!dst) throw new Error(`message to chain ${dstChainId}, which the devnet does not run`)
  const hash = await ctx.wallets.get(dstChainId)!.writeContract({
    chain: null,
    address: dst.contracts.messenger,
    abi: devnetMessengerAbi,
    functionName: 'deliver',
    args: [target, data],
  })
  const receipt = await dst.client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success')
    throw new Error(`delivery from ${fromChainId} reverted in ${hash}`)
  if (kind === 'unlock')
    ctx.events.emit('unlocked', { orderId, giveChainId: dstChainId, txHash: hash })
  if (kind === 'cancel')
    ctx.events.emit('cancelled', { orderId, giveChainId: dstChainId, txHash: hash })
}
