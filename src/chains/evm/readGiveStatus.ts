import type { Address, Hex, PublicClient } from 'viem'
import { DLN_GIVE_STATUS } from '../abi/dlnOrderStatuses.ts'
import { dlnSourceAbi } from '../abi/dlnSourceAbi.ts'

/**
 * The order's status at DlnSource, `giveOrders(orderId).status` by name (docs/dln.md §4.3), or
 * `status <n>` for a value the enum does not know. One read.
 */
export async function readGiveStatus(
  source: Pick<PublicClient, 'readContract'>,
  dlnSource: Address,
  orderId: Hex,
): Promise<string> {
  const give = await source.readContract({
    address: dlnSource,
    abi: dlnSourceAbi,
    functionName: 'giveOrders',
    args: [orderId],
  })
  return DLN_GIVE_STATUS[give[0]] ?? `status ${give[0]}`
}
