import { type Address, decodeEventLog, getAddress, type Hex } from 'viem'
import { dlnSourceAbi } from '../chains/abi/dlnSourceAbi.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import {
  type EvmValueFlow,
  NATIVE_TRANSFER_LOG_ADDRESS,
  type NativeMove,
  type SimulatedCallOutcome,
  type SimulatedLog,
} from './evmValueFlow.ts'

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'

/** One call of a simulated sequence: its outcome, its logs and (traced) its native moves. */
export type SimulatedCallRecord = SimulatedCallOutcome & {
  logs: readonly SimulatedLog[]
  /** Native moves found in call frames (debug_traceCall); eth_simulateV1 logs them instead. */
  nativeMoves?: readonly Omit<NativeMove, 'callIndex'>[]
}

/**
 * Builds the {@link EvmValueFlow} of a simulated sequence from its calls' logs (pure): ERC-20
 * Transfer and Approval events by their topics (3 topics: the ERC-721 form has 4 and is left
 * out), the synthetic native Transfer logs of eth_simulateV1 (traceTransfers) as native moves,
 * and DlnSource's CreatedOrder events decoded. Logs of reverted calls are dropped.
 */
export function valueFlowFromLogs(params: {
  method: EvmValueFlow['method']
  calls: readonly SimulatedCallRecord[]
  dlnSource?: Address
}): EvmValueFlow {
  const flow: EvmValueFlow = {
    method: params.method,
    calls: [],
    transfers: [],
    approvals: [],
    native: [],
    createdOrders: [],
  }
  const dlnSource = params.dlnSource?.toLowerCase()
  params.calls.forEach((call, callIndex) => {
    flow.calls.push({ status: call.status, gasUsed: call.gasUsed, returnData: call.returnData })
    if (call.status !== 'success') return
    for (const move of call.nativeMoves ?? []) {
      if (move.amountWei > 0n) flow.native.push({ callIndex, ...move })
    }
    for (const log of call.logs) {
      const address = log.address.toLowerCase()
      const [topic, a, b] = log.topics
      if (topic?.toLowerCase() === TRANSFER_TOPIC && log.topics.length === 3 && a && b) {
        const amount = word(log.data)
        if (address === NATIVE_TRANSFER_LOG_ADDRESS) {
          if (amount > 0n)
            flow.native.push({ callIndex, from: addr(a), to: addr(b), amountWei: amount })
        } else {
          flow.transfers.push({
            callIndex,
            token: getAddress(address),
            from: addr(a),
            to: addr(b),
            amount,
          })
        }
      } else if (topic?.toLowerCase() === APPROVAL_TOPIC && log.topics.length === 3 && a && b) {
        flow.approvals.push({
          callIndex,
          token: getAddress(address),
          owner: addr(a),
          spender: addr(b),
          amount: word(log.data),
        })
      } else if (dlnSource !== undefined && address === dlnSource) {
        const created = decodeCreatedOrder(log)
        if (created) flow.createdOrders.push({ callIndex, ...created })
      }
    }
  })
  return flow
}

function decodeCreatedOrder(log: SimulatedLog): { orderId: Hex; order: DlnOrder } | undefined {
  try {
    const event = decodeEventLog({
      abi: dlnSourceAbi,
      data: log.data,
      topics: log.topics as [Hex, ...Hex[]],
    })
    if (event.eventName !== 'CreatedOrder') return undefined
    return { orderId: event.args.orderId, order: event.args.order as DlnOrder }
  } catch {
    // Another event of DlnSource.
    return undefined
  }
}

function addr(topic: Hex): Address {
  return getAddress(`0x${topic.slice(-40)}`)
}

/** The first 32-byte word of event data; a malformed token's empty data counts as 0. */
function word(data: Hex): bigint {
  return data.length >= 66 ? BigInt(data.slice(0, 66)) : 0n
}
