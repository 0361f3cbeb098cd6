import { type Address, getAbiItem, type Hex, type PublicClient } from 'viem'
import { dlnDestinationAbi } from '../abi/dlnDestinationAbi.ts'
import { DLN_TAKE_STATUS } from '../abi/dlnOrderStatuses.ts'
import { readTakeOrder } from './readTakeOrder.ts'

const FULFILLED_ORDER = getAbiItem({ abi: dlnDestinationAbi, name: 'FulfilledOrder' })

/** Where an order stands on its EVM destination chain. */
export type OrderFillState =
  | { kind: 'open' }
  | { kind: 'cancelled' }
  /** Filled; `txHash`/`amountOut` come from its FulfilledOrder event, when found in the window. */
  | {
      kind: 'filled'
      txHash: Hex | undefined
      amountOut: bigint | undefined
      blockNumber: bigint | undefined
    }

/** Inputs of {@link readOrderFill}. */
export type ReadOrderFillParams = {
  dlnDestination: Address
  orderId: Hex
  /** Widest block range of one eth_getLogs call (RPC providers cap it). Default 2 000. */
  maxRangeBlocks?: bigint
  /** How many ranges back from the head to search for the fill event. Default 25. */
  maxRanges?: number
}

/**
 * Reads an order's state on its destination chain with one `takeOrders` call (P-7.10), so a
 * poll costs one eth_call whatever the chain's length. Only once it is filled are the logs read,
 * newest range first, to find its FulfilledOrder event (the fill transaction and the take amount
 * the recipient got: the event's takeAmount less the order's `takePatches`, as a patched order is
 * filled at the lowered take); an event older than `maxRanges × maxRangeBlocks` leaves them undefined.
 */
export async function readOrderFill(
  client: PublicClient,
  params: ReadOrderFillParams,
): Promise<OrderFillState> {
  const { status } = await readTakeOrder(client, params.dlnDestination, params.orderId)
  const take = DLN_TAKE_STATUS[status]
  if (take === 'SentCancel') return { kind: 'cancelled' }
  if (take !== 'Fulfilled' && take !== 'SentUnlock') return { kind: 'open' }
  const range = params.maxRangeBlocks ?? 2_000n
  let toBlock = await client.getBlockNumber({ cacheTime: 0 })
  for (let i = 0; i < (params.maxRanges ?? 25) && toBlock >= 0n; i++) {
    const fromBlock = toBlock >= range ? toBlock - range + 1n : 0n
    const logs = await client.getLogs({
      address: params.dlnDestination,
      event: FULFILLED_ORDER,
      fromBlock,
      toBlock,
    })
    const fill = logs.find((l) => l.args.orderId?.toLowerCase() === params.orderId.toLowerCase())
    if (fill) {
      const takeAmount = fill.args.order?.takeAmount
      return {
        kind: 'filled',
        txHash: fill.transactionHash ?? undefined,
        amountOut:
          takeAmount === undefined ? undefined : takeAmount - (await takePatchOf(client, params)),
        blockNumber: fill.blockNumber ?? undefined,
      }
    }
    if (fromBlock === 0n) break
    toBlock = fromBlock - 1n
  }
  return { kind: 'filled', txHash: undefined, amountOut: undefined, blockNumber: undefined }
}

/** The order's take patch on its destination (0 when never patched, P-7.12). */
function takePatchOf(
  client: PublicClient,
  params: Pick<ReadOrderFillParams, 'dlnDestination' | 'orderId'>,
): Promise<bigint> {
  return client.readContract({
    address: params.dlnDestination,
    abi: dlnDestinationAbi,
    functionName: 'takePatches',
    args: [params.orderId],
  })
}
