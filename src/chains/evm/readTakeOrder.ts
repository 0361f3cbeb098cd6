import {
  type Address,
  decodeAbiParameters,
  encodeFunctionData,
  type Hex,
  type PublicClient,
  size,
  slice,
} from 'viem'
import { FerryError } from '../../common/FerryError.ts'
import { dlnDestinationAbi } from '../abi/dlnDestinationAbi.ts'

/** An order's take state on its destination chain (docs/dln.md §4.5). */
export type TakeOrder = {
  /** 0 NotSet (open), 1 Fulfilled, 2 SentUnlock, 3 SentCancel. */
  status: number
  takerAddress: Address
  giveChainId: bigint
}

/**
 * Reads DlnDestination's `takeOrders(orderId)` from its first three words, which DlnDestination
 * 1.4.0 (four outputs: status, taker, uint32 giveChainId, bigGiveChainId) and older deployments
 * and deBridge's SDK ABI (three: status, taker, uint256 giveChainId) encode alike (docs/dln.md §4.3):
 * ferry reads either. Throws a FerryError when the answer is shorter than three words.
 */
export async function readTakeOrder(
  client: Pick<PublicClient, 'call'>,
  dlnDestination: Address,
  orderId: Hex,
): Promise<TakeOrder> {
  const { data } = await client.call({
    to: dlnDestination,
    data: encodeFunctionData({
      abi: dlnDestinationAbi,
      functionName: 'takeOrders',
      args: [orderId],
    }),
  })
  if (!data || size(data) < 96) {
    throw new FerryError('takeOrders answered too few bytes', {
      metaMessages: [`contract: ${dlnDestination}`, `answer: ${data ?? '(none)'}`],
    })
  }
  const [status, takerAddress, giveChainId] = decodeAbiParameters(
    [{ type: 'uint8' }, { type: 'address' }, { type: 'uint256' }],
    slice(data, 0, 96),
  )
  return { status, takerAddress, giveChainId }
}
