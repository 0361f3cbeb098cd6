import { decodeEventLog, type Hex, parseAbi } from 'viem'
import { dlnDestinationAbi } from '../../chains/abi/dlnDestinationAbi.ts'
import { readTakeOrder } from '../../chains/evm/readTakeOrder.ts'
import type { DlnOrder } from '../../chains/orderId/dlnOrder.ts'
import type { DestinationFill } from './DestinationFill.ts'
import { OrderNoLongerOpenError } from './OrderNoLongerOpenError.ts'
import { readTakePatch } from './readTakePatch.ts'
import type { SolverContext } from './SolverContext.ts'

const adapterAbi = parseAbi([
  'event ExecutedExternalCall(bytes32 orderId, address executor, bool callSucceeded, uint256 amount, uint256 reward, address fallbackAddress, bytes callResult)',
])

/**
 * Fills an EVM-destination order with DlnDestination.fulfillOrder at its effective take amount
 * (takeAmount − takePatches, what the contract demands once the order was patched), which also
 * runs its hook; `hookOk` is the adapter's ExecutedExternalCall verdict (true without a hook).
 * Throws {@link OrderNoLongerOpenError} when the order is already filled or cancelled there.
 */
export async function fillOnEvm(
  ctx: SolverContext,
  orderId: Hex,
  order: DlnOrder,
): Promise<DestinationFill> {
  const { chains, wallets, solverEvm } = ctx
  const chain = chains.get(Number(order.takeChainId))
  const wallet = chains.get(Number(order.takeChainId)) && wallets.get(Number(order.takeChainId))
  if (!chain || !wallet) throw new Error(`the devnet does not run chain ${order.takeChainId}`)
  // A taker checks the order is still open: filled or cancelled orders revert and waste gas.
  const { status } = await readTakeOrder(chain.client, chain.contracts.dlnDestination, orderId)
  if (status !== 0) throw new OrderNoLongerOpenError(orderId, status)
  const amount = order.takeAmount - (await readTakePatch(chain, orderId))
  const native = BigInt(order.takeTokenAddress) === 0n
  const hash = await wallet.writeContract({
    chain: null,
    address: chain.contracts.dlnDestination,
    abi: dlnDestinationAbi,
    functionName: 'fulfillOrder',
    args: [order, amount, orderId, '0x', solverEvm.address, solverEvm.address],
    value: native ? amount : 0n,
  })
  const receipt = await chain.client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`fulfillOrder reverted in ${hash}`)
  const block = await chain.client.getBlock({ blockHash: receipt.blockHash })
  let hookOk = true
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== chain.contracts.externalCallAdapter.toLowerCase()) continue
    try {
      const e = decodeEventLog({ abi: adapterAbi, data: log.data, topics: log.topics })
      hookOk = e.args.callSucceeded
    } catch {
      // other adapter events
    }
  }
  return {
    txHash: hash,
    blockNumber: Number(receipt.blockNumber),
    blockHash: receipt.blockHash,
    timeS: Number(block.timestamp),
    hookOk,
  }
}
