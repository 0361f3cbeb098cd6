import type { Address, PublicClient } from 'viem'
import { deBridgeGateAbi } from '../abi/deBridgeGateAbi.ts'
import { dlnDestinationAbi } from '../abi/dlnDestinationAbi.ts'
import { type GateNativeFees, gateSendValueWei } from './gateSendValueWei.ts'

/** What the destination chain charges to carry one cancel or unlock message. */
export type MessagingFee = {
  /** The gate DlnDestination sends its messages through. */
  gate: Address
  /** The gate's fee config for this message: global, per destination, and DlnDestination's discount. */
  fees: GateNativeFees
  /** The least value of a message with no execution fee (the discounted fixed fee), native wei. */
  messagingFeeWei: bigint
}

/**
 * Reads the messaging fee of a destination chain from the chain itself, not from a figure ferry
 * keeps: `DlnDestination.deBridgeGate()`, then the gate's `globalFixedNativeFee()`,
 * `globalTransferFeeBps()`, `getChainToConfig(chainIdTo)` and `feeDiscount(dlnDestination)`
 * (the gate's msg.sender is DlnDestination), which DeBridgeGate `_send` combines
 * (docs/dln.md §3.5; see gateSendValueWei). A cancel that carries less than
 * `gateSendValueWei(fees, executionFee)` reverts `TransferAmountNotCoverFees()` or cuts the
 * keeper's reward. One read for the gate, then four at once.
 * @param chainIdTo the chain the message goes to: the order's `giveChainId` (an internal id).
 */
export async function readMessagingFee(
  client: Pick<PublicClient, 'readContract'>,
  params: { dlnDestination: Address; chainIdTo: bigint },
): Promise<MessagingFee> {
  const gate = await client.readContract({
    address: params.dlnDestination,
    abi: dlnDestinationAbi,
    functionName: 'deBridgeGate',
  })
  const read = { address: gate, abi: deBridgeGateAbi } as const
  const [globalFixed, globalBps, chain, discount] = await Promise.all([
    client.readContract({ ...read, functionName: 'globalFixedNativeFee' }),
    client.readContract({ ...read, functionName: 'globalTransferFeeBps' }),
    client.readContract({ ...read, functionName: 'getChainToConfig', args: [params.chainIdTo] }),
    client.readContract({ ...read, functionName: 'feeDiscount', args: [params.dlnDestination] }),
  ])
  const fees: GateNativeFees = {
    globalFixedNativeFeeWei: globalFixed,
    globalTransferFeeBps: globalBps,
    chainFixedNativeFeeWei: chain[0],
    chainTransferFeeBps: chain[2],
    discountFixBps: discount[0],
    discountTransferBps: discount[1],
  }
  return { gate, fees, messagingFeeWei: gateSendValueWei(fees, 0n) }
}
