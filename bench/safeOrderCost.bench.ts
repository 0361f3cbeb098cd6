import { performance } from 'node:perf_hooks'
import type { Address, Hex } from 'viem'
import type { EvmSender } from '../src/chains/evm/createEvmSender.ts'
import { createEvmSigner } from '../src/chains/evm/createEvmSigner.ts'
import { createSafeSender } from '../src/chains/evm/safe/createSafeSender.ts'
import { startDevnet } from '../src/devnet/startDevnet.ts'
import { executeEvmOrder } from '../src/execute/evm/executeEvmOrder.ts'
import {
  chainsOf,
  devnetValueFlow,
  orderIntent,
  testApi,
  testSender,
  user,
} from '../test/integration/executor/executorHarness.ts'
import type { BenchResult } from './run.ts'

/** Orders per account kind, each with its exact approval (the default policy). */
const ORDERS = 5
const AMOUNT = 100_000_000n // 100 USDC
/**
 * Not a figure of the issue (it asks for the numbers only): a Safe order should cost at most this
 * many more gas units than the same order from the key (execTransaction's signature check, nonce,
 * events, the extra call frame), on the approval plus the order.
 */
const MAX_EXTRA_GAS = 120_000n

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/**
 * The extra cost of an order from a treasury Safe (owner mode, docs/safety.md "Treasury
 * accounts") against the same order from the key's own address, on the devnet: JSON-RPC requests
 * to the source chain per order (counted at fetch), gas of the approval plus the order (receipts),
 * and quote-to-broadcast time (from the verified create-tx answer to the order's broadcast).
 */
export async function run(): Promise<BenchResult> {
  const devnet = await startDevnet({ solana: false, solver: false, safe: true })
  const [arb, base] = chainsOf(devnet)
  const safe = devnet.treasurySafe!
  const usdc = arb.contracts.tokens.USDC.address
  let rpcRequests = 0
  const realFetch = globalThis.fetch
  globalThis.fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).startsWith(arb.rpcUrl)) rpcRequests++
    return realFetch(input, init)
  }
  const measure = async (sender: EvmSender, who: Address) => {
    const rows: { rpc: number; gas: bigint; quoteToBroadcastMs: number }[] = []
    for (let i = 0; i < ORDERS; i++) {
      rpcRequests = 0
      let verifiedAt = 0
      let broadcastAt = 0
      const result = await executeEvmOrder({
        ...devnetValueFlow,
        intent: orderIntent(arb, base, usdc, AMOUNT, base.contracts.tokens.USDC.address, who),
        api: testApi(devnet.sim.baseUrl),
        sender,
        onProgress: (e) => {
          if (e.stage === 'verified') verifiedAt = performance.now()
          if (e.stage === 'broadcast' && broadcastAt === 0 && verifiedAt > 0)
            broadcastAt = performance.now()
        },
      })
      const requests = rpcRequests
      const approvals = await Promise.all(
        (result.allowance?.hashes ?? []).map((hash: Hex) =>
          arb.client.getTransactionReceipt({ hash }),
        ),
      )
      const gas = approvals.reduce((sum, r) => sum + r.gasUsed, result.receipt.gasUsed)
      rows.push({ rpc: requests, gas, quoteToBroadcastMs: broadcastAt - verifiedAt })
    }
    return {
      rpc: median(rows.map((r) => r.rpc)),
      gas: rows.map((r) => r.gas).sort((a, b) => (a < b ? -1 : 1))[Math.floor(rows.length / 2)]!,
      quoteToBroadcastMs: median(rows.map((r) => r.quoteToBroadcastMs)),
    }
  }
  try {
    const eoa = testSender(arb)
    const eoaFigures = await measure(eoa.sender, user.address)
    eoa.sender.close()
    const signer = createEvmSigner({ privateKey: user.privateKey }, user.address, { safe })
    // As ferry run wires it: the Safe's nonce and transaction hash are read before each signature.
    const safeSender = createSafeSender(testSender(arb, { signer }).sender, safe, () => {})
    const safeFigures = await measure(safeSender, safe)
    safeSender.close()
    const extraGas = safeFigures.gas - eoaFigures.gas
    console.log(
      `${ORDERS} orders of 100 USDC each, 42161 → 8453, exact approval each (devnet, 1 confirmation); medians`,
    )
    console.log('                       key (EOA)    Safe (owner)   extra')
    console.log(
      `RPC requests (src)     ${String(eoaFigures.rpc).padEnd(12)} ${String(safeFigures.rpc).padEnd(14)} ${safeFigures.rpc - eoaFigures.rpc}`,
    )
    console.log(
      `gas (approve + order)  ${String(eoaFigures.gas).padEnd(12)} ${String(safeFigures.gas).padEnd(14)} ${extraGas}`,
    )
    console.log(
      `quote → broadcast ms   ${eoaFigures.quoteToBroadcastMs.toFixed(1).padEnd(12)} ${safeFigures.quoteToBroadcastMs.toFixed(1).padEnd(14)} ${(safeFigures.quoteToBroadcastMs - eoaFigures.quoteToBroadcastMs).toFixed(1)}`,
    )
    return {
      name: 'extra cost of a Safe order against a key order',
      target: `extra: ${safeFigures.rpc - eoaFigures.rpc} RPC requests, ${extraGas} gas, ${(safeFigures.quoteToBroadcastMs - eoaFigures.quoteToBroadcastMs).toFixed(1)} ms quote → broadcast; extra gas <= ${MAX_EXTRA_GAS} (sanity bound)`,
      met: extraGas <= MAX_EXTRA_GAS,
    }
  } finally {
    globalThis.fetch = realFetch
    await devnet.stop()
  }
}
