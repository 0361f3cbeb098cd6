import { type Address, decodeEventLog, type Hex, type TransactionReceipt } from 'viem'
import { VerificationError } from '../../common/VerificationError.ts'
import { dlnSourceAbi } from '../abi/dlnSourceAbi.ts'
import { computeOrderId } from '../orderId/computeOrderId.ts'
import type { DlnOrder } from '../orderId/dlnOrder.ts'

/** The CreatedOrder event of a receipt, with its orderId checked. */
export type ParsedCreatedOrder = { orderId: Hex; order: DlnOrder; logIndex: number }

/**
 * Finds the one CreatedOrder event DlnSource emitted in `receipt` and checks that the orderId
 * recomputed from the event's order equals the event's orderId and the `expectedOrderId` ferry
 * verified before signing (safety P-2.5). Anything else (no event, two events, a mismatch) is a
 * {@link VerificationError}: the order does not count as created.
 */
export function parseCreatedOrder(
  receipt: TransactionReceipt,
  dlnSource: Address,
  expectedOrderId: Hex,
): ParsedCreatedOrder {
  const found: ParsedCreatedOrder[] = []
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== dlnSource.toLowerCase()) continue
    try {
      const event = decodeEventLog({ abi: dlnSourceAbi, data: log.data, topics: log.topics })
      if (event.eventName !== 'CreatedOrder') continue
      found.push({
        orderId: event.args.orderId,
        order: event.args.order as DlnOrder,
        logIndex: log.logIndex,
      })
    } catch {
      // Not one of DlnSource's events of interest.
    }
  }
  if (found.length !== 1) {
    throw new VerificationError('receipt.CreatedOrder', '1 event', `${found.length} events`)
  }
  const created = found[0]!
  const recomputed = computeOrderId(created.order)
  if (recomputed.toLowerCase() !== created.orderId.toLowerCase()) {
    throw new VerificationError('receipt.CreatedOrder.orderId', recomputed, created.orderId)
  }
  if (created.orderId.toLowerCase() !== expectedOrderId.toLowerCase()) {
    throw new VerificationError('receipt.CreatedOrder.orderId', expectedOrderId, created.orderId)
  }
  return created
}
