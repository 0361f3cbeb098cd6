import type { Address, Hex } from 'viem'
import { EVM_CONTRACTS, SOLANA_PROGRAMS } from '../chains/chainRegistry.ts'
import { type OrderFillState, readOrderFill } from '../chains/evm/readOrderFill.ts'
import { readSolanaOrderFill } from '../chains/solana/readSolanaOrderFill.ts'
import { type ChainContext, SOLANA_CHAIN_ID } from './createChainContext.ts'

/**
 * How to read an order's fill evidence on its destination chain (P-2.5): DlnDestination's
 * `takeOrders` and FulfilledOrder on EVM, the take-state account on Solana. Undefined when ferry
 * has no RPC there: then nothing can prove the fill, and the order stays in flight.
 */
export function fillReaderOf(
  ctx: Pick<ChainContext, 'evm' | 'connection' | 'wiring'>,
  dstChainId: number,
): ((orderId: string) => Promise<OrderFillState>) | undefined {
  if (dstChainId === SOLANA_CHAIN_ID) {
    const connection = ctx.connection
    if (!connection) return undefined
    const dlnDestination = ctx.wiring.solana?.takeProgramId ?? SOLANA_PROGRAMS.dlnDestination
    return (orderId) => readSolanaOrderFill(connection, { dlnDestination, orderId })
  }
  const client = ctx.evm.get(dstChainId)?.rpc.read
  if (!client) return undefined
  return (orderId) =>
    readOrderFill(client, {
      dlnDestination: EVM_CONTRACTS.dlnDestination as Address,
      orderId: orderId as Hex,
    })
}
