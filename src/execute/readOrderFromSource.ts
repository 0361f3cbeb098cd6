import type { Address, Hex, PublicClient } from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'
import type { CancelAttemptRecord, CancelOrderRecord } from '../chains/evm/cancelJournal.ts'
import { type OrderOnChain, readCreatedOrder } from '../chains/evm/readCreatedOrder.ts'
import { evmAllowList } from '../chains/evmAllowList.ts'

type OrderAttempt = Pick<CancelAttemptRecord, 'hash' | 'kind' | 'family' | 'orderId'>

/** Inputs of {@link readOrderFromSource}. */
export type ReadOrderFromSourceParams<A extends OrderAttempt> = {
  journal: { attemptsOf(intentId: string): Promise<A[]> }
  /** The journaled order, and its id as lower-case 0x hex. */
  rec: Pick<CancelOrderRecord, 'intentId' | 'srcChainId' | 'createTxHash'>
  orderId: Hex
  /** Read client of the order's (EVM) source chain. */
  source: PublicClient
}

/**
 * The journaled attempts of one order, and its struct read from the source chain's create receipt
 * rather than memory (docs/safety.md P-7.4) at the source chain's allow-listed DlnSource (also
 * returned): the journaled create tx is tried first, then every EVM order attempt of the intent
 * (a replaced signature may be the one mined). A cancel and a take patch both start here. Throws
 * what readCreatedOrder throws.
 */
export async function readOrderFromSource<A extends OrderAttempt>(
  params: ReadOrderFromSourceParams<A>,
): Promise<{ attempts: A[]; onChain: OrderOnChain; dlnSource: Address }> {
  const { orderId, rec } = params
  const dlnSource = evmAllowList(rec.srcChainId as ChainId)?.dlnSource as Address
  const attempts = (await params.journal.attemptsOf(rec.intentId)).filter(
    (a) => a.orderId?.toLowerCase() === orderId,
  )
  const onChain = await readCreatedOrder(params.source, {
    orderId,
    dlnSource,
    createTxHashes: [
      ...(rec.createTxHash ? [rec.createTxHash as Hex] : []),
      ...attempts.filter((a) => a.kind === 'order' && a.family === 'evm').map((a) => a.hash as Hex),
    ],
  })
  return { attempts, onChain, dlnSource }
}
