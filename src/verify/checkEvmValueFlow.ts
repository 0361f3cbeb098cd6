import type { Address } from 'viem'
import type { EvmSender } from '../chains/evm/createEvmSender.ts'
import { outerCallOf } from '../chains/evm/safe/outerCallOf.ts'
import { simulateEvmTx } from '../chains/evm/simulateEvmTx.ts'
import { evmAllowList } from '../chains/evmAllowList.ts'
import { type Logger, silentLogger } from '../common/Logger.ts'
import type { EvmCallToSimulate, EvmValueFlow } from './evmValueFlow.ts'
import type { EvmValueFlowExpectation } from './evmValueFlowExpectation.ts'
import { judgeEvmValueFlow } from './judgeEvmValueFlow.ts'
import { revertOfFlow, simulateEvmValueFlow } from './simulateEvmValueFlow.ts'
import { toValueFlowError } from './toValueFlowError.ts'

/** Whether ferry simulates value flow before signing on a chain (`chains.<id>.verify.simulation`). */
export type EvmSimulationMode = 'on' | 'off'

/** Inputs of {@link checkEvmValueFlow}. */
export type CheckEvmValueFlowParams = {
  /** The exact transactions about to be signed, in order (a pending approval first). */
  calls: readonly EvmCallToSimulate[]
  /** The plan they must follow; `wallet` and `chainId` are the sender's. */
  expected: Omit<EvmValueFlowExpectation, 'wallet' | 'chainId'>
  /** Default 'on'. 'off' signs after a plain eth_call of the last call, with a warn line. */
  simulation?: EvmSimulationMode
  logger?: Logger
}

/**
 * Simulates the calls ferry is about to sign from its own address and judges where the money
 * goes (safety P-8.1..P-8.6), before any signature: a reverted call throws the named
 * {@link import('../chains/evm/EvmRevertError.ts').EvmRevertError}; a broken rule throws a
 * {@link import('./ValueFlowError.ts').ValueFlowError} (an integrity refusal, P-8.11);
 * a sequence the RPC cannot simulate as one throws SimulationUnsupportedError for the caller
 * to split. With `simulation: 'off'` it logs, on every call, that value flow was not checked
 * (P-8.10) and returns undefined.
 */
export async function checkEvmValueFlow(
  sender: EvmSender,
  params: CheckEvmValueFlowParams,
): Promise<EvmValueFlow | undefined> {
  const logger = params.logger ?? silentLogger
  if (params.simulation === 'off') {
    logger.warn(
      { chainId: sender.chainId, kind: params.expected.kind, calls: params.calls.length },
      'value flow NOT checked before signing: verify.simulation is off for this chain',
    )
    const last = params.calls.at(-1)
    if (last && params.calls.length === 1) {
      await simulateEvmTx(sender, { ...last, gasLimit: last.gas })
    }
    return undefined
  }
  const allow = evmAllowList(sender.chainId)
  // The exact outer transactions the key signs: through the Safe in Safe mode, whose balances
  // and allowances (sender.address) are then the ones judged (docs/safety.md "Treasury accounts").
  const outer = params.calls.map((c) => outerCallOf(sender, c))
  const flow = await simulateEvmValueFlow(sender.rpc.read, {
    account: outer[0]?.account ?? sender.address,
    calls: outer.map(({ account: _, ...c }) => c),
    ...(allow ? { dlnSource: allow.dlnSource as Address } : {}),
  })
  const reverted = revertOfFlow(flow)
  if (reverted) throw reverted.error
  const expected: EvmValueFlowExpectation = {
    ...params.expected,
    wallet: sender.address,
    chainId: sender.chainId,
    watchedOwners: params.expected.watchedOwners ?? (allow ? [allow.forwarder as Address] : []),
  }
  const violations = judgeEvmValueFlow(flow, expected)
  if (violations.length > 0) throw toValueFlowError(flow, expected, violations)
  logger.debug(
    { chainId: sender.chainId, kind: expected.kind, method: flow.method, calls: flow.calls.length },
    'value flow checked',
  )
  return flow
}
