import { getAddress, type Hex } from 'viem'
import type { NativeMove, SimulatedLog } from './evmValueFlow.ts'
import type { SimulatedCallRecord } from './valueFlowFromLogs.ts'

/** A frame of geth's callTracer with `withLog: true` (hex quantities as the node sends them). */
export type CallTracerFrame = {
  type: string
  from: string
  to?: string
  value?: string
  gasUsed?: string
  input?: string
  output?: string
  error?: string
  calls?: CallTracerFrame[]
  logs?: { address: string; topics: string[]; data: string; position?: string | number }[]
}

/**
 * Turns a debug_traceCall callTracer tree into one simulated call (pure): logs and native moves
 * of the frames that did not revert, in execution order. A reverted frame drops its own and its
 * children's effects (the EVM undoes them); a DELEGATECALL or STATICCALL moves no value.
 */
export function callFramesToRecord(root: CallTracerFrame): SimulatedCallRecord {
  const logs: SimulatedLog[] = []
  const nativeMoves: Omit<NativeMove, 'callIndex'>[] = []
  const reverted = root.error !== undefined
  if (!reverted) walk(root, logs, nativeMoves)
  return {
    status: reverted ? 'reverted' : 'success',
    gasUsed: BigInt(root.gasUsed ?? '0x0'),
    returnData: (root.output ?? '0x') as Hex,
    logs,
    nativeMoves,
  }
}

function walk(
  frame: CallTracerFrame,
  logs: SimulatedLog[],
  moves: Omit<NativeMove, 'callIndex'>[],
): void {
  if (frame.error !== undefined) return
  const type = frame.type.toUpperCase()
  const value = BigInt(frame.value ?? '0x0')
  if (value > 0n && frame.to && type !== 'DELEGATECALL' && type !== 'STATICCALL') {
    moves.push({ from: getAddress(frame.from), to: getAddress(frame.to), amountWei: value })
  }
  // callTracer gives each log's position among the frame's sub-calls: interleave by it.
  const children = frame.calls ?? []
  const frameLogs = (frame.logs ?? []).map((log) => ({
    log,
    position: Number(log.position ?? children.length),
  }))
  let next = 0
  const emitUpTo = (position: number): void => {
    while (next < frameLogs.length && frameLogs[next]!.position <= position) {
      const { log } = frameLogs[next++]!
      logs.push({
        address: getAddress(log.address),
        topics: log.topics as Hex[],
        data: log.data as Hex,
      })
    }
  }
  // A log at position p was emitted after p sub-calls, so before sub-call p.
  children.forEach((child, i) => {
    emitUpTo(i)
    walk(child, logs, moves)
  })
  emitUpTo(Number.MAX_SAFE_INTEGER)
}
