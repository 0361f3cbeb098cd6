import { type Address, type Hex, parseGwei } from 'viem'
import { createApiClient } from '../src/api/createApiClient.ts'
import { EVM_CONTRACTS } from '../src/chains/chainRegistry.ts'
import { createEvmRpc } from '../src/chains/evm/createEvmRpc.ts'
import { createEvmSender } from '../src/chains/evm/createEvmSender.ts'
import { createEvmSigner } from '../src/chains/evm/createEvmSigner.ts'
import { createMemorySendJournal } from '../src/chains/evm/sendJournal.ts'
import { devnetEvmAccount } from '../src/devnet/devnetAccounts.ts'
import { startDevnet } from '../src/devnet/startDevnet.ts'
import { executeEvmOrder } from '../src/execute/evm/executeEvmOrder.ts'
import type { ApprovalsMode } from '../src/execute/evm/permitForOrder.ts'
import type { OrderIntent } from '../src/verify/orderIntent.ts'
import { devnetValueFlow as valueFlow } from '../test/integration/executor/executorHarness.ts'
import { startRpcProxy } from '../test/integration/executor/startRpcProxy.ts'
import type { BenchResult } from './run.ts'

const user = devnetEvmAccount('user')
const usdcArb = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const usdcBase = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const ORDERS = 3

function intentFor(amountIn: bigint): OrderIntent {
  const me = user.address
  return {
    srcChainId: 42161,
    dstChainId: 8453,
    sender: me,
    tokenIn: usdcArb,
    amountIn,
    tokenOut: usdcBase,
    minTakeAmount: 1n,
    receiver: me,
    srcAuthority: me,
    dstAuthority: me,
    cancelBeneficiary: me,
  }
}

/**
 * Per USDC order from a wallet with no allowance (docs/safety.md §10): the wallet's transactions,
 * their gas, and the JSON-RPC calls ferry makes, with `approvals: approve` (an exact approve, then
 * the order) against `approvals: permit` (the order alone, carrying the permit). Targets: one
 * transaction per order with a permit, and less gas than approve + order.
 */
export async function run(): Promise<BenchResult[]> {
  const devnet = await startDevnet({ solana: false })
  const arb = devnet.evm.find((c) => c.chainId === 42161)!
  const proxy = await startRpcProxy(arb.rpcUrl)
  const api = createApiClient({
    apiUrl: devnet.sim.baseUrl,
    statsUrl: devnet.sim.statsUrl,
    requestsPerMinute: 100_000,
  })
  const journal = createMemorySendJournal()
  const sender = createEvmSender({
    chainId: 42161,
    signer: createEvmSigner({ privateKey: user.privateKey }, user.address),
    rpc: createEvmRpc(proxy.url),
    journal,
    feePolicy: { maxFeePerGasCapWei: parseGwei('200') },
    confirmations: 1,
    pollIntervalMs: 20,
  })
  const figures: Record<ApprovalsMode, { txs: number; gas: bigint; rpc: number }> = {
    approve: { txs: 0, gas: 0n, rpc: 0 },
    permit: { txs: 0, gas: 0n, rpc: 0 },
  }
  try {
    for (const mode of ['approve', 'permit'] as const) {
      for (let i = 0; i < ORDERS; i++) {
        const before = journal.records.length
        proxy.reset()
        await executeEvmOrder({
          intent: intentFor(50_000_000n),
          api,
          sender,
          approvals: mode,
          ...valueFlow,
        })
        figures[mode].rpc += proxy.total()
        const hashes = new Set(journal.records.slice(before).map((r) => r.hash as Hex))
        figures[mode].txs += hashes.size
        for (const hash of hashes) {
          const receipt = await arb.client.getTransactionReceipt({ hash })
          figures[mode].gas += receipt.gasUsed
        }
      }
    }
  } finally {
    sender.close()
    await proxy.close()
    await devnet.stop()
  }
  const per = (m: ApprovalsMode) => ({
    txs: figures[m].txs / ORDERS,
    gas: Number(figures[m].gas) / ORDERS,
    rpc: figures[m].rpc / ORDERS,
  })
  const approve = per('approve')
  const permit = per('permit')
  console.log(
    `per order, ${ORDERS} USDC orders each, no allowance beforehand (spender ${EVM_CONTRACTS.dlnSource as Address})`,
  )
  console.log(
    `approve + order   ${approve.txs.toFixed(1)} tx   ${approve.gas.toFixed(0)} gas   ${approve.rpc.toFixed(1)} RPC calls`,
  )
  console.log(
    `permit in order   ${permit.txs.toFixed(1)} tx   ${permit.gas.toFixed(0)} gas   ${permit.rpc.toFixed(1)} RPC calls`,
  )
  console.log(
    `gas saved ${(approve.gas - permit.gas).toFixed(0)} (${((1 - permit.gas / approve.gas) * 100).toFixed(1)} %)`,
  )
  return [
    {
      name: 'permit: transactions per ERC-20 order',
      target: `${permit.txs.toFixed(1)} (approve: ${approve.txs.toFixed(1)}) = 1`,
      met: permit.txs === 1,
    },
    {
      name: 'permit: gas per ERC-20 order below approve + order',
      target: `${permit.gas.toFixed(0)} < ${approve.gas.toFixed(0)}`,
      met: permit.gas < approve.gas,
    },
  ]
}
