import { encodeFunctionData } from 'viem'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { dlnDestinationAbi } from '../../chains/abi/dlnDestinationAbi.ts'
import { readMessagingFee } from '../../chains/evm/readMessagingFee.ts'
import { devnetMessengerAbi } from '../devnetMessengerAbi.ts'
import { claimAbi } from './claimAbi.ts'
import type { SeenOrder } from './SeenOrder.ts'
import type { SolverContext } from './SolverContext.ts'

/**
 * Claims the give side of a filled order for the solver. An EVM-destination fill sends
 * DlnDestination.sendEvmUnlock, whose message the watcher relays to the source; a
 * Solana-destination fill of an EVM-source order is unlocked on the source directly.
 */
export async function sendUnlock(ctx: SolverContext, s: SeenOrder): Promise<void> {
  if (Number(s.order.takeChainId) !== SOLANA_CHAIN_ID) await sendEvmUnlock(ctx, s)
  else await settleFromSolanaTake(ctx, s)
}

async function sendEvmUnlock(ctx: SolverContext, s: SeenOrder): Promise<void> {
  const chain = ctx.chains.get(Number(s.order.takeChainId))!
  const wallet = ctx.wallets.get(Number(s.order.takeChainId))!
  // The gate's flat fee, as a real taker pays it; no execution fee, the watcher relays for free.
  const { messagingFeeWei } = await readMessagingFee(chain.client, {
    dlnDestination: chain.contracts.dlnDestination,
    chainIdTo: s.order.giveChainId,
  })
  const hash = await wallet.writeContract({
    chain: null,
    address: chain.contracts.dlnDestination,
    abi: dlnDestinationAbi,
    functionName: 'sendEvmUnlock',
    args: [s.orderId, ctx.solverEvm.address, 0n],
    value: messagingFeeWei,
  })
  const receipt = await chain.client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`sendEvmUnlock reverted in ${hash}`)
  // The messenger's MessageSent is relayed by the watcher (relayMessage).
}

/** A Solana-destination fill: the taker is paid from the source escrow or the source chain. */
async function settleFromSolanaTake(ctx: SolverContext, s: SeenOrder): Promise<void> {
  if (Number(s.order.giveChainId) === SOLANA_CHAIN_ID) return
  // An EVM-source order filled on Solana: DlnDestination lives on Solana in reality; the
  // devnet has no Solana DlnDestination, so the unlock is delivered straight to DlnSource.
  const src = ctx.chains.get(Number(s.order.giveChainId))
  if (!src) return
  const relayer = ctx.wallets.get(src.chainId)!
  const data = encodeFunctionData({
    abi: claimAbi,
    functionName: 'claimUnlock',
    args: [s.orderId, ctx.solverEvm.address],
  })
  const hash = await relayer.writeContract({
    chain: null,
    address: src.contracts.messenger,
    abi: devnetMessengerAbi,
    functionName: 'deliver',
    args: [src.contracts.dlnSource, data],
  })
  await src.client.waitForTransactionReceipt({ hash })
  ctx.events.emit('unlocked', { orderId: s.orderId, giveChainId: src.chainId, txHash: hash })
}
