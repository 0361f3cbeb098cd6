import type { Hex } from 'viem'
import { CancelOrderError } from '../chains/evm/CancelOrderError.ts'
import type { CancelJournal, CancelOrderRecord } from '../chains/evm/cancelJournal.ts'
import { checkCancellableOrder } from './evm/checkCancellableOrder.ts'

/**
 * The journaled order a cancel starts from, EVM or Solana destination: it must be in the journal
 * and pass {@link checkCancellableOrder}. Reads only the journal.
 * @throws CancelOrderError `unknownOrder` (with how to find the journaled orders), `unsupported`
 *   or `notCancellable`.
 */
export async function journaledCancellableOrder(
  journal: Pick<CancelJournal, 'getOrder'>,
  orderId: Hex,
): Promise<CancelOrderRecord> {
  const rec = await journal.getOrder(orderId)
  if (!rec) {
    throw new CancelOrderError('unknownOrder', orderId, 'it is not in the journal', {
      fix: 'list the journaled orders with `ferry history`; pass --journal <path> if `ferry run` writes elsewhere',
    })
  }
  checkCancellableOrder(rec)
  return rec
}
