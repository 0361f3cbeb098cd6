import { type Address, decodeEventLog, type Hex } from 'viem'
import { dlnDestinationAbi } from '../abi/dlnDestinationAbi.ts'

/** Whether `logs` hold DlnDestination's SentOrderCancel for `orderId` (lowercase hex). */
export function sentOrderCancelIn(
  logs: readonly { address: string; data: Hex; topics: readonly Hex[] }[],
  dlnDestination: Address,
  orderId: Hex,
): boolean {
  return logs.some((log) => {
    if (log.address.toLowerCase() !== dlnDestination.toLowerCase()) return false
    try {
      const e = decodeEventLog({
        abi: dlnDestinationAbi,
        data: log.data,
        topics: log.topics as [Hex, ...Hex[]],
      })
      return e.eventName === 'SentOrderCancel' && e.args.orderId.toLowerCase() === orderId
    } catch {
      return false
    }
  })
}
