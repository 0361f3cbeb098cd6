import type { Hex } from 'viem'
import { dlnDestinationAbi } from '../../chains/abi/dlnDestinationAbi.ts'
import type { DevnetEvmChain } from '../DevnetEvmChain.ts'

/**
 * The subtrahend the order's destination authority set with patchOrderTake, in the take token's
 * base units (0 when never patched): a fill delivers takeAmount minus it.
 */
export function readTakePatch(chain: DevnetEvmChain, orderId: Hex): Promise<bigint> {
  return chain.client.readContract({
    address: chain.contracts.dlnDestination,
    abi: dlnDestinationAbi,
    functionName: 'takePatches',
    args: [orderId],
  })
}
