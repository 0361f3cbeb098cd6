import { type Address, parseGwei } from 'viem'
import { createApiClient } from '../src/api/createApiClient.ts'
import { EVM_CONTRACTS } from '../src/chains/chainRegistry.ts'
import { createEvmRpc } from '../src/chains/evm/createEvmRpc.ts'
import { createEvmSender, type EvmSender } from '../src/chains/evm/createEvmSender.ts'
import { createEvmSigner } from '../src/chains/evm/createEvmSigner.ts'
import { createMemorySendJournal } from '../src/chains/evm/sendJournal.ts'
import { devnetEvmAccount } from '../src/devnet/devnetAccounts.ts'
import { startDevnet } from '../src/devnet/startDevnet.ts'
import { ensureAllowance } from '../src/execute/evm/ensureAllowance.ts'
import { executeEvmOrder } from '../src/execute/evm/executeEvmOrder.ts'
import type { EvmSimulationMode } from '../src/verify/checkEvmValueFlow.ts'
import { devnetValueFlow } from '../test/integration/executor/executorHarness.ts'
import { type RpcProxy, startRpcProxy } from '../test/integration/executor/startRpcProxy.ts'
import type { BenchResult } from './run.ts'

const user = devnetEvmAccount('user')
const usdcArb = '0xaf88d065e77c8cc2239327c5edb3a432268e5831' as Address
const usdcBase = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const RUNS = 5

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

type Sample = { rpcCalls: number; checkMs: number }

/**
 * One order through executeEvmOrder with value-flow simulation on or off ('off' is the previous
 * plain eth_call), counting JSON-RPC calls and timing ferry's pre-sign checks: from the verified
 * quote to the simulated stage, plus (pending approval) from the chain facts to the approval.
 */
async function oneOrder(
  sender: EvmSender,
  proxy: RpcProxy,
  apiUrl: string,
  simulation: EvmSimulationMode,
  approvalInPlace: boolean,
): Promise<Sample> {
  // 500 USDC: the 0.001 ETH flat fee stays well inside the cost cap.
  const amountIn = 500_000_000n
  const dlnSource = EVM_CONTRACTS.dlnSource as Address
  if (approvalInPlace) {
    await ensureAllowance({ sender, token: usdcArb, spender: dlnSource, amount: amountIn })
  }
  proxy.reset()
  const marks: Record<string, number> = {}
  const now = () => Number(process.hrtime.bigint()) / 1e6
  await executeEvmOrder({
    ...devnetValueFlow,
    simulation,
    intent: {
      srcChainId: 42161,
      dstChainId: 8453,
      sender: user.address,
      tokenIn: usdcArb,
      amountIn,
      tokenOut: usdcBase,
      minTakeAmount: 1n,
      receiver: user.address,
      srcAuthority: user.address,
      dstAuthority: user.address,
      cancelBeneficiary: user.address,
    },
    api: createApiClient({ apiUrl, statsUrl: apiUrl, requestsPerMinute: 100_000, retries: 0 }),
    sender,
    onProgress: (p) => {
      if (['facts', 'approved', 'verified', 'simulated'].includes(p.stage)) marks[p.stage] = now()
    },
  })
  const orderCheckMs = marks.simulated! - marks.verified!
  // Facts to approved holds the approval's check and its sends, the same in both modes: the
  // difference between the modes is the sequence simulation.
  const approvalCheckMs = approvalInPlace ? 0 : marks.approved! - marks.facts!
  return { rpcCalls: proxy.total(), checkMs: orderCheckMs + approvalCheckMs }
}

/**
 * Extra JSON-RPC calls per order and added pre-sign time of the value-flow simulation, against
 * the previous eth_call simulation, measured side by side (interleaved) in one run, with the
 * allowance in place and with an approval pending. Goals: <= 1 extra call, <= 2 with approval.
 */
export async function run(): Promise<BenchResult[]> {
  const devnet = await startDevnet({ solana: false })
  const arb = devnet.evm.find((c) => c.chainId === 42161)!
  const proxy = await startRpcProxy(arb.rpcUrl)
  const sender = createEvmSender({
    chainId: 42161,
    signer: createEvmSigner({ privateKey: user.privateKey }, user.address),
    rpc: createEvmRpc(proxy.url),
    journal: createMemorySendJournal(),
    feePolicy: { maxFeePerGasCapWei: parseGwei('200') },
    confirmations: 1,
    pollIntervalMs: 20,
  })
  try {
    const results: BenchResult[] = []
    for (const approvalInPlace of [true, false]) {
      const off: Sample[] = []
      const on: Sample[] = []
      // One warm-up of each, not counted (nonce counter, price snapshot, code caches).
      await oneOrder(sender, proxy, devnet.sim.baseUrl, 'off', approvalInPlace)
      await oneOrder(sender, proxy, devnet.sim.baseUrl, 'on', approvalInPlace)
      for (let i = 0; i < RUNS; i++) {
        off.push(await oneOrder(sender, proxy, devnet.sim.baseUrl, 'off', approvalInPlace))
        on.push(await oneOrder(sender, proxy, devnet.sim.baseUrl, 'on', approvalInPlace))
      }
      const calls = (s: Sample[]) => median(s.map((x) => x.rpcCalls))
      const ms = (s: Sample[]) => median(s.map((x) => x.checkMs))
      const extra = calls(on) - calls(off)
      const goal = approvalInPlace ? 1 : 2
      const label = approvalInPlace ? 'allowance in place' : 'approval pending'
      console.log(
        `${label}: eth_call ${calls(off)} RPC calls/order, value flow ${calls(on)} (+${extra}, goal <= ${goal})`,
      )
      console.log(
        `${label}: pre-sign check median ${ms(off).toFixed(1)} ms (eth_call) vs ${ms(on).toFixed(1)} ms (value flow), +${(ms(on) - ms(off)).toFixed(1)} ms`,
      )
      results.push({
        name: `value flow: extra RPC calls per order (${label})`,
        target: `+${extra} <= ${goal}; check ${ms(off).toFixed(1)} -> ${ms(on).toFixed(1)} ms`,
        met: extra <= goal,
      })
    }
    return results
  } finally {
    sender.close()
    await proxy.close()
    await devnet.stop()
  }
}
