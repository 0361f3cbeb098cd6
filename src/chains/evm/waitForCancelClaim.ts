import { type Address, getAbiItem, type Hex, type PublicClient } from 'viem'
import { type Clock, systemClock } from '../../common/clock.ts'
import { dlnSourceAbi } from '../abi/dlnSourceAbi.ts'

const CLAIMED_ORDER_CANCEL = getAbiItem({ abi: dlnSourceAbi, name: 'ClaimedOrderCancel' })

/** The refund DlnSource paid for a cancelled order (ClaimedOrderCancel, docs/dln.md §4.3). */
export type CancelClaim = {
  txHash: Hex
  blockNumber: bigint
  beneficiary: Address
  /** giveAmount + percentFee + affiliate amount (+ patches), in give-token base units. */
  paidAmount: bigint
  giveTokenAddress: Address
}

/** Inputs of {@link waitForCancelClaim}. Durations in ms. */
export type WaitForCancelClaimParams = {
  /** The source chain. */
  client: PublicClient
  dlnSource: Address
  orderId: Hex
  /** First block to search: the order's creation block (no claim can come before it). */
  fromBlock: bigint
  /** Give up (return undefined) after this long. */
  timeoutMs: number
  /** Time between polls. Default 1 000. */
  pollIntervalMs?: number
  /** Blocks the claim must be under before it counts (P-2.14). Default 1. */
  confirmations?: number
  /** Most blocks one eth_getLogs call spans (RPC range limits). Default 5 000. */
  maxBlockRange?: bigint
  clock?: Clock
}

/**
 * Follows the source chain until DlnSource emits ClaimedOrderCancel for `orderId` at the
 * confirmation depth (safety P-7.5: the funds are in transit until then). Polls eth_getLogs from
 * `fromBlock` on, at most `maxBlockRange` blocks per call, until `timeoutMs` has passed on the
 * clock. Returns the claim, or undefined when it did not appear in time (not an error: the
 * message may still be relayed later).
 */
export async function waitForCancelClaim(
  params: WaitForCancelClaimParams,
): Promise<CancelClaim | undefined> {
  const clock = params.clock ?? systemClock
  const pollIntervalMs = params.pollIntervalMs ?? 1_000
  const confirmations = BigInt(params.confirmations ?? 1)
  const maxRange = params.maxBlockRange ?? 5_000n
  const deadline = clock.nowMs() + params.timeoutMs
  const wanted = params.orderId.toLowerCase()
  let cursor = params.fromBlock
  let found: CancelClaim | undefined
  for (;;) {
    const head = await params.client.getBlockNumber({ cacheTime: 0 })
    while (!found && cursor <= head) {
      const toBlock = cursor + maxRange - 1n < head ? cursor + maxRange - 1n : head
      const logs = await params.client.getLogs({
        address: params.dlnSource,
        event: CLAIMED_ORDER_CANCEL,
        fromBlock: cursor,
        toBlock,
      })
      cursor = toBlock + 1n
      for (const log of logs) {
        const a = log.args
        if (a.orderId?.toLowerCase() !== wanted) continue
        found = {
          txHash: log.transactionHash,
          blockNumber: log.blockNumber,
          beneficiary: a.beneficiary as Address,
          paidAmount: a.paidAmount as bigint,
          giveTokenAddress: a.giveTokenAddress as Address,
        }
      }
    }
    if (found && head - found.blockNumber + 1n >= confirmations) return found
    if (clock.nowMs() >= deadline) return undefined
    await clock.sleepMs(pollIntervalMs)
  }
}
