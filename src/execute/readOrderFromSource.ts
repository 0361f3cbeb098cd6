import type { Address, Hex, PublicClient } from 'viem'
import type { CancelAttemptRecord } from '../chains/evm/cancelJournal.ts'
import { type OrderOnChain, readCreatedOrder } from '../chains/evm/readCreatedOrder.ts'

type OrderAttempt = Pick<CancelAttemptRecord, 'hash' | 'kind' | 'family' | 'orderId'>

/** Inputs of {@link readOrderFromSource}. */
export type ReadOrderFromSourceParams<A extends OrderAttempt> = {
  journal: { attemptsOf(intentId: string): A[] }
  /** The journaled order; `orderId` lower-case 0x hex. */
  orderId: Hex
  intentId: string
  /** The create transaction the engine journaled, when it did. */
  createTxHash: string | undefined
  /** Read client of the order's (EVM) source chain and its DlnSource. */
  source: PublicClient
  dlnSource: Address
}

/**
 * The journaled attempts of one order, and its struct read from the source chain's create receipt
 * rather than memory (docs/safety.md P-7.4): the journaled create tx is tried first, then every
 * EVM order attempt of the intent (a replaced signature may be the one mined). A cancel and a
 * take patch both start here. Throws what readCreatedOrder throws.
 */
export async function readOrderFromSource<A extends OrderAttempt>(
  params: ReadOrderFromSourceParams<A>,
): Promise<{ attempts: A[]; onChain: OrderOnChain }> {
  const { orderId } = params
  const attempts = params.journal
    .attemptsOf(params.intentId)
    .filter((a) => a.orderId?.toLowerCase() === orderId)
  const onChain = await readCreatedOrder(params.source, {
    orderId,
    dlnSource: params.dlnSource,
    createTxHashes: [
      ...(params.createTxHash ? [params.createTxHash as Hex] : []),
      ...attempts.filter((a) => a.kind === 'order' && a.family === 'evm').map((a) => a.hash as Hex),
    ],
  })
  return { attempts, onChain }
}
