import { SOLANA_CHAIN_ID } from '../api/schemas/chainId.ts'
import type { EvmSender } from '../chains/evm/createEvmSender.ts'
import { FerryError } from '../common/FerryError.ts'
import type { JournalStore } from '../store/contract/JournalStore.ts'
import { createIntentLedger, type IntentLedger } from './createIntentLedger.ts'
import { cancelEvmOrder } from './evm/cancelEvmOrder.ts'
import type {
  CancelEvmOrderParams,
  CancelEvmOrderProgress,
  CancelEvmOrderResult,
} from './evm/cancelEvmOrderTypes.ts'
import { cancelSolanaOrder } from './solana/cancelSolanaOrder.ts'
import type {
  CancelSolanaOrderProgress,
  CancelSolanaOrderResult,
  SolanaCancelSide,
} from './solana/cancelSolanaOrderTypes.ts'

/** A step of either cancel path. */
export type CancelOrderProgress = CancelEvmOrderProgress | CancelSolanaOrderProgress

/** What either cancel path did. */
export type CancelOrderResult = CancelEvmOrderResult | CancelSolanaOrderResult

/** Inputs of {@link cancelIntentOrder}: the EVM cancel's, with the destination's end optional. */
export type CancelIntentOrderParams = Omit<
  CancelEvmOrderParams,
  'journal' | 'sender' | 'onProgress'
> & {
  journal: JournalStore
  /** Default: a ledger over `journal`. */
  ledger?: IntentLedger
  /** Our sender on an EVM destination chain; needed for orders into EVM chains. */
  sender?: EvmSender
  /** Our Solana side; needed for orders into Solana (cancelSolanaOrder). */
  solana?: SolanaCancelSide
  onProgress?: (event: CancelOrderProgress) => void
}

/**
 * The cancel step of an intent's life (P-7.4, P-7.5): cancels its order on its destination, through
 * the verified `cancelSolanaOrder` when that is Solana and `cancelEvmOrder` otherwise, and, once
 * the refund is claimed on the source, ends the intent `cancelled` through the ledger. While the
 * refund is in transit the intent stays in flight.
 * @throws FerryError when the order's destination end (sender or Solana side) is not given.
 */
export async function cancelIntentOrder(
  params: CancelIntentOrderParams,
): Promise<CancelOrderResult> {
  const {
    ledger = createIntentLedger(params.journal),
    sender,
    solana,
    onProgress,
    ...rest
  } = params
  const dstChainId = (await params.journal.getOrder(params.orderId.toLowerCase()))?.dstChainId
  let result: CancelOrderResult
  if (dstChainId === SOLANA_CHAIN_ID) {
    if (!solana) throw missingEnd(params.orderId, 'a Solana connection and key')
    result = await cancelSolanaOrder({
      ...rest,
      ...solana,
      ...(onProgress ? { onProgress } : {}),
    })
  } else {
    if (!sender) throw missingEnd(params.orderId, `a sender on chain ${dstChainId}`)
    result = await cancelEvmOrder({ ...rest, sender, ...(onProgress ? { onProgress } : {}) })
  }
  if (result.refund) {
    await ledger.end(result.intentId, 'cancelled', `order ${result.orderId} cancelled and refunded`)
  }
  return result
}

function missingEnd(orderId: string, what: string): FerryError {
  return new FerryError(`cannot cancel order ${orderId}: needs ${what} on its destination`)
}
