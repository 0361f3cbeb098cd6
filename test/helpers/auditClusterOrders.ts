import type { Address } from 'viem'
import { dlnSourceAbi } from '../../src/chains/abi/dlnSourceAbi.ts'
import { EVM_CONTRACTS } from '../../src/chains/chainRegistry.ts'
import type { Devnet } from '../../src/devnet/startDevnet.ts'
import type { JournalStore } from '../../src/store/contract/JournalStore.ts'

/** What the chain and the journal say about a run's orders, for the exactly-once checks. */
export type OrderAudit = {
  /** Orders created on chain by `maker` since the start block (the chain's truth). */
  orders: number
  /** Their ids, lower-case. */
  orderIds: string[]
  /** Intents with more than one order, by the chain or by the journal. */
  doubles: string[]
  /** Orders on chain the journal does not know. */
  orphans: string[]
  /** Orders the journal holds that the chain never created. */
  phantoms: string[]
  /** Intents the journal still has to settle. */
  unsettled: string[]
}

/**
 * Compares the CreatedOrder events of DlnSource on every devnet EVM chain (after `startBlocks`)
 * made by `maker` with the journal's orders and intents.
 */
export async function auditClusterOrders(
  devnet: Devnet,
  journal: JournalStore,
  startBlocks: ReadonlyMap<number, bigint>,
  maker: string,
): Promise<OrderAudit> {
  const onChain: string[] = []
  for (const chain of devnet.evm) {
    const logs = await chain.client.getContractEvents({
      address: EVM_CONTRACTS.dlnSource as Address,
      abi: dlnSourceAbi,
      eventName: 'CreatedOrder',
      fromBlock: (startBlocks.get(chain.chainId) ?? 0n) + 1n,
    })
    for (const log of logs) {
      const args = log.args as { orderId: string; order: { makerSrc: string } }
      if (args.order.makerSrc.toLowerCase() === maker.toLowerCase()) {
        onChain.push(args.orderId.toLowerCase())
      }
    }
  }
  const history = await journal.history({ limit: 1_000_000 })
  const perIntent = new Map<string, number>()
  const orphans: string[] = []
  for (const orderId of onChain) {
    const intentId = (await journal.getOrder(orderId))?.intentId
    if (intentId === undefined) orphans.push(orderId)
    else perIntent.set(intentId, (perIntent.get(intentId) ?? 0) + 1)
  }
  const known = new Set(onChain)
  const doubles = new Set([
    ...[...perIntent].filter(([, n]) => n > 1).map(([id]) => id),
    ...history.filter((h) => h.orders.length > 1).map((h) => h.intent.id),
  ])
  return {
    orders: onChain.length,
    orderIds: onChain,
    doubles: [...doubles],
    orphans,
    phantoms: history
      .flatMap((h) => h.orders)
      .map((o) => o.orderId.toLowerCase())
      .filter((id) => !known.has(id)),
    unsettled: (await journal.pendingReconciliations()).map((r) => r.intent.id),
  }
}
