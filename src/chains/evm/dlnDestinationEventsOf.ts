import { type Address, type DecodeEventLogReturnType, decodeEventLog, type Hex } from 'viem'
import { dlnDestinationAbi } from '../abi/dlnDestinationAbi.ts'

/** One decoded DlnDestination event. */
export type DlnDestinationEvent = DecodeEventLogReturnType<typeof dlnDestinationAbi>

/**
 * The events DlnDestination at `dlnDestination` emitted in `logs` (a receipt's), decoded, in log
 * order; logs of other contracts and logs the ABI does not know are skipped.
 */
export function dlnDestinationEventsOf(
  logs: readonly { address: string; data: Hex; topics: readonly Hex[] }[],
  dlnDestination: Address,
): DlnDestinationEvent[] {
  const events: DlnDestinationEvent[] = []
  for (const log of logs) {
    if (log.address.toLowerCase() !== dlnDestination.toLowerCase()) continue
    try {
      events.push(
        decodeEventLog({
          abi: dlnDestinationAbi,
          data: log.data,
          topics: log.topics as [Hex, ...Hex[]],
        }),
      )
    } catch {
      // Not an event of the ABI.
    }
  }
  return events
}
