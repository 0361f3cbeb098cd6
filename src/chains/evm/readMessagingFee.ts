import type { Address, PublicClient } from 'viem'
import { deBridgeGateAbi } from '../abi/deBridgeGateAbi.ts'
import { dlnDestinationAbi } from '../abi/dlnDestinationAbi.ts'

/** What the destination chain charges to carry one cancel or unlock message. */
export type MessagingFee = {
  /** The gate DlnDestination sends its messages through. */
  gate: Address
  /** The gate's flat fee per message (`globalFixedNativeFee`), in native wei. */
  messagingFeeWei: bigint
}

/**
 * Reads the messaging fee of a destination chain from the chain itself, not from a figure ferry
 * keeps: `DlnDestination.deBridgeGate()`, then the gate's `globalFixedNativeFee()`
 * (docs/dln.md §3.5). A cancel that carries less is refused by the gate; one that carries this
 * plus the execution fee is what the service's own cancel-tx would build. Two reads, one after
 * the other, since the second needs the first's answer.
 */
export async function readMessagingFee(
  client: Pick<PublicClient, 'readContract'>,
  params: { dlnDestination: Address },
): Promise<MessagingFee> {
  const gate = await client.readContract({
    address: params.dlnDestination,
    abi: dlnDestinationAbi,
    functionName: 'deBridgeGate',
  })
  const messagingFeeWei = await client.readContract({
    address: gate,
    abi: deBridgeGateAbi,
    functionName: 'globalFixedNativeFee',
  })
  return { gate, messagingFeeWei }
}
