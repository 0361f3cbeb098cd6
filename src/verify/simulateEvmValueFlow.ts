import { type Address, type Hex, numberToHex, type PublicClient } from 'viem'
import { simulateBlocks } from 'viem/actions'
import { toEvmRevertError } from '../chains/evm/EvmRevertError.ts'
import { type CallTracerFrame, callFramesToRecord } from './callFramesToRecord.ts'
import type { EvmCallToSimulate, EvmValueFlow } from './evmValueFlow.ts'
import { SimulationUnsupportedError } from './SimulationUnsupportedError.ts'
import { type SimulatedCallRecord, valueFlowFromLogs } from './valueFlowFromLogs.ts'

/** Inputs of {@link simulateEvmValueFlow}. */
export type SimulateEvmValueFlowParams = {
  /** The signer: every call runs from it (msg.sender and tx.origin). */
  account: Address
  /** The exact transactions ferry would sign, in order; later calls see earlier calls' state. */
  calls: readonly EvmCallToSimulate[]
  /** DlnSource of the chain, to decode its CreatedOrder events. */
  dlnSource?: Address
  /**
   * `auto` (the default) tries eth_simulateV1 and falls back to debug_traceCall when the RPC
   * lacks it, remembering that per client.
   */
  method?: 'auto' | 'eth_simulateV1' | 'debug_traceCall'
}

/** Clients found to lack eth_simulateV1: asked once, then traced directly. */
const lacksSimulateV1 = new WeakSet<object>()

/**
 * Simulates the exact transactions ferry would sign, from its own address, on the latest state
 * (safety P-8.1), and returns where the money goes. One RPC call: eth_simulateV1 with
 * traceTransfers (a pending approval and its order run in sequence in one simulated block), or
 * for a single call debug_traceCall with callTracer + withLog when the RPC lacks eth_simulateV1.
 * Reverted calls stay in the flow (`calls[i].status`) for the judge; a sequence the RPC cannot
 * simulate as one throws {@link SimulationUnsupportedError}; network faults are rethrown.
 */
export async function simulateEvmValueFlow(
  client: PublicClient,
  params: SimulateEvmValueFlowParams,
): Promise<EvmValueFlow> {
  const method = params.method ?? 'auto'
  if (method === 'eth_simulateV1' || (method === 'auto' && !lacksSimulateV1.has(client))) {
    try {
      return await viaSimulateV1(client, params)
    } catch (error) {
      if (method === 'eth_simulateV1' || !isMethodMissing(error)) throw error
      lacksSimulateV1.add(client)
    }
  }
  if (params.calls.length !== 1) {
    throw new SimulationUnsupportedError('sequence', [`calls: ${params.calls.length}`])
  }
  return viaTraceCall(client, params, params.calls[0]!)
}

async function viaSimulateV1(
  client: PublicClient,
  params: SimulateEvmValueFlowParams,
): Promise<EvmValueFlow> {
  const [block] = await simulateBlocks(client, {
    blocks: [
      {
        calls: params.calls.map((c) => ({
          account: params.account,
          to: c.to,
          data: c.data,
          value: c.value,
          ...(c.gas === undefined ? {} : { gas: c.gas }),
        })),
      },
    ],
    traceTransfers: true,
  })
  const calls: SimulatedCallRecord[] = (block?.calls ?? []).map((c) => ({
    status: c.status === 'success' ? 'success' : 'reverted',
    gasUsed: c.gasUsed,
    returnData: (c.data ?? '0x') as Hex,
    logs: (c.logs ?? []).map((l) => ({ address: l.address, topics: l.topics, data: l.data })),
  }))
  if (calls.length !== params.calls.length) {
    throw new SimulationUnsupportedError('no-method', [
      `eth_simulateV1 answered ${calls.length} of ${params.calls.length} calls`,
    ])
  }
  return valueFlowFromLogs({
    method: 'eth_simulateV1',
    calls,
    ...(params.dlnSource ? { dlnSource: params.dlnSource } : {}),
  })
}

async function viaTraceCall(
  client: PublicClient,
  params: SimulateEvmValueFlowParams,
  call: EvmCallToSimulate,
): Promise<EvmValueFlow> {
  let root: CallTracerFrame
  try {
    root = (await client.request({
      method: 'debug_traceCall',
      params: [
        {
          from: params.account,
          to: call.to,
          data: call.data,
          value: numberToHex(call.value),
          ...(call.gas === undefined ? {} : { gas: numberToHex(call.gas) }),
        },
        'latest',
        { tracer: 'callTracer', tracerConfig: { withLog: true } },
      ],
    } as never)) as CallTracerFrame
  } catch (error) {
    if (isMethodMissing(error)) throw new SimulationUnsupportedError('no-method')
    throw error
  }
  return valueFlowFromLogs({
    method: 'debug_traceCall',
    calls: [callFramesToRecord(root)],
    ...(params.dlnSource ? { dlnSource: params.dlnSource } : {}),
  })
}

/** JSON-RPC "method not found" (-32601) or a node's own words for an unsupported method. */
function isMethodMissing(error: unknown): boolean {
  let found = false
  let e: unknown = error
  for (let depth = 0; e && depth < 8; depth++) {
    const code = (e as { code?: unknown }).code
    const text = e instanceof Error ? e.message : ''
    if (
      code === -32601 ||
      /method not found|not supported|unsupported|does not exist|not available|unknown method/i.test(
        text,
      )
    ) {
      found = true
      break
    }
    e = (e as { cause?: unknown }).cause
  }
  return found
}

/** The revert of the first reverted call of `flow`, named (`simulation reverted: WrongFixedFee`). */
export function revertOfFlow(flow: EvmValueFlow) {
  const index = flow.calls.findIndex((c) => c.status === 'reverted')
  if (index < 0) return undefined
  const data = flow.calls[index]!.returnData
  return {
    callIndex: index,
    error:
      toEvmRevertError(`simulation of call ${index + 1}`, data) ??
      toEvmRevertError(`simulation of call ${index + 1}`, new Error('revert'))!,
  }
}
