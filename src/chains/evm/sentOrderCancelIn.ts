import type { Address, Hex } from 'viem'
import { dlnDestinationEventsOf } from './dlnDestinationEventsOf.ts'

/** Whether `logs` hold DlnDestination's SentOrderCancel for `orderId` (lowercase hex). */
export function sentOrderCancelIn(
  logs: readonly { address: string; data: Hex; topics: readonly Hex[] }[],
  dlnDestination: Address,
  orderId: Hex,
): boolean {
  return dlnDestinationEventsOf(logs, dlnDestination).some(
    (e) => e.eventName === 'SentOrderCancel' && e.args.orderId.toLowerCase() === orderId,
  )
}
