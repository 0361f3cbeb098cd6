import type { Journal } from '../store/openJournal.ts'
import { createIntentLedger, type IntentLedger } from './createIntentLedger.ts'
import { cancelEvmOrder } from './evm/cancelEvmOrder.ts'
import type { CancelEvmOrderParams, CancelEvmOrderResult } from './evm/cancelEvmOrderTypes.ts'

/**
 * The cancel step of an intent's life (P-7.4, P-7.5): cancels its order through the verified
 * `cancelEvmOrder` and, once the refund is claimed on the source, ends the intent `cancelled`
 * through the ledger. While the refund is in transit the intent stays in flight.
 */
export async function cancelIntentOrder(
  params: Omit<CancelEvmOrderParams, 'journal'> & {
    journal: Journal
    /** Default: a ledger over `journal`. */
    ledger?: IntentLedger
  },
): Promise<CancelEvmOrderResult> {
  const { ledger = createIntentLedger(params.journal), ...rest } = params
  const result = await cancelEvmOrder(rest)
  if (result.refund) {
    ledger.end(result.intentId, 'cancelled', `order ${result.orderId} cancelled and refunded`)
  }
  return result
}
