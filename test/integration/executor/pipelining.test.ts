import { type Address, parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { ensureAllowance, revokeAllowance } from '../../../src/execute/evm/ensureAllowance.ts'
import { executeEvmOrder } from '../../../src/execute/evm/executeEvmOrder.ts'
import type { ExecuteEvmOrderParams } from '../../../src/execute/evm/executeEvmOrderTypes.ts'
import {
  agingClock,
  chainsOf,
  devnetValueFlow,
  orderIntent,
  testApi,
  testSender,
  user,
} from './executorHarness.ts'
import { type DelayProxy, type ProxiedRequest, startDelayProxy } from './startDelayProxy.ts'

const NATIVE = '0x0000000000000000000000000000000000000000'
let devnet: Devnet
let arb: DevnetEvmChain
let base: DevnetEvmChain
let rpc: DelayProxy
let service: DelayProxy
const closers: (() => void)[] = []

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, solver: false })
  ;[arb, base] = chainsOf(devnet)
}, 120_000)
afterEach(async () => {
  for (const close of closers.splice(0)) close()
  await Promise.all([rpc?.close(), service?.close()])
})
afterAll(async () => {
  await devnet?.stop()
})

const has =
  (method: string, afterMs = 0) =>
  (r: ProxiedRequest): boolean =>
    r.arrivedAtMs >= afterMs && r.methods.includes(method)
const isEstimateQuote = (r: ProxiedRequest): boolean =>
  r.path.includes('create-tx') && r.path.includes('enableEstimate=true')

/** A sender and an api behind fresh proxies (no delay): the test holds and counts requests. */
async function world(overrides: Parameters<typeof testSender>[1] = {}) {
  rpc = await startDelayProxy(arb.rpcUrl)
  service = await startDelayProxy(devnet.sim.baseUrl)
  const { sender, journal } = testSender(arb, { rpcUrl: rpc.url, ...overrides })
  closers.push(() => sender.close())
  return { sender, journal, api: testApi(service.url) }
}

/** JSON-RPC methods the chain saw after `fromMs` up to and including the broadcast. */
function criticalPath(fromMs: number): string[] {
  const after = rpc.log.filter((r) => r.arrivedAtMs >= fromMs)
  const end = after.findIndex((r) => r.methods.includes('eth_sendRawTransaction'))
  return after.slice(0, end + 1).flatMap((r) => r.methods)
}

function order(
  params: Pick<ExecuteEvmOrderParams, 'api' | 'sender'> & Partial<ExecuteEvmOrderParams>,
  tokenIn: string,
  amountIn: bigint,
) {
  return executeEvmOrder({
    ...devnetValueFlow,
    intent: orderIntent(arb, base, tokenIn, amountIn, base.contracts.tokens.USDC.address),
    ...params,
  })
}

describe('pipelining: the reads that do not need the quote run while its create-tx is in flight', () => {
  test('default: with a standing allowance, chain facts, fees and nonce counts arrive while the create-tx is held; after its answer only the simulation precedes the broadcast', async () => {
    const { sender, api } = await world()
    const usdc = arb.contracts.tokens.USDC.address as Address
    const policy = { kind: 'capped', amount: 10n ** 12n } as const
    await ensureAllowance({
      sender,
      token: usdc,
      spender: arb.contracts.dlnSource as Address,
      amount: 10n ** 12n,
      policy,
    })
    const hold = service.hold(isEstimateQuote)
    const startedMs = performance.now()
    const run = order({ api, sender, allowancePolicy: policy }, usdc, 40_000_000n)
    await hold.arrived
    // Each of these would wait forever if it waited for the held answer.
    const reads = await Promise.all([
      rpc.seen(has('eth_call', startedMs)),
      rpc.seen(has('eth_feeHistory', startedMs)),
      rpc.seen(has('eth_getTransactionCount', startedMs)),
    ])
    const releasedMs = performance.now()
    hold.release()
    const result = await run
    const quote = service.log.find(isEstimateQuote)!
    for (const read of reads) expect(read.arrivedAtMs).toBeLessThan(quote.answeredAtMs!)
    expect(service.log.filter((r) => r.path.includes('create-tx'))).toHaveLength(1)
    expect(criticalPath(releasedMs)).toEqual(['eth_simulateV1', 'eth_sendRawTransaction'])
    expect(result.allowance).toBeUndefined()
    expect(result.receipt.status).toBe('success')
  })

  test('behavior: a send of the same wallet between the prefetch and the order voids the prefetched nonce: it is read again and the order takes the next nonce', async () => {
    const { sender, api } = await world()
    const hold = service.hold(isEstimateQuote)
    const startedMs = performance.now()
    const run = order({ api, sender }, NATIVE, parseEther('0.5'))
    await hold.arrived
    await rpc.seen(has('eth_getTransactionCount', startedMs))
    // Another intent's send takes the nonce the prefetch saw as next.
    const between = await sender.send({
      kind: 'fence',
      to: user.address,
      data: '0x',
      value: 0n,
      gasLimit: 21_000n,
    })
    const releasedMs = performance.now()
    hold.release()
    const result = await run
    expect(result.nonce).toBe(between.nonce + 1)
    expect(criticalPath(releasedMs)).toContain('eth_getTransactionCount')
    expect(result.receipt.status).toBe('success')
  })

  test('behavior: fees read ahead and grown older than the limit while quoting are read again before signing', async () => {
    const clock = agingClock(Date.now())
    const { sender, api } = await world({ clock, prefetchMaxAgeMs: 3_000 })
    const hold = service.hold(isEstimateQuote)
    const startedMs = performance.now()
    const run = order({ api, sender, clock }, NATIVE, parseEther('0.5'))
    await hold.arrived
    await rpc.seen(has('eth_feeHistory', startedMs))
    clock.advanceMs(3_001)
    const releasedMs = performance.now()
    hold.release()
    const result = await run
    const critical = criticalPath(releasedMs)
    expect(critical).toContain('eth_feeHistory')
    expect(critical).toContain('eth_getTransactionCount')
    expect(result.receipt.status).toBe('success')
  })

  test('behavior: under the exact policy the create-tx waits for the chain reads that decide the approval, and the send reads still run during the final create-tx', async () => {
    const { sender, api } = await world()
    const usdc = arb.contracts.tokens.USDC.address as Address
    const dlnSource = arb.contracts.dlnSource as Address
    // No allowance stands (an earlier test left one): this order approves first.
    await revokeAllowance({ sender, token: usdc, spender: dlnSource })
    const hold = service.hold(isEstimateQuote)
    const startedMs = performance.now()
    let approvedMs = Number.POSITIVE_INFINITY
    const run = order(
      {
        api,
        sender,
        onProgress: (e) => {
          if (e.stage === 'approved') approvedMs = performance.now()
        },
      },
      usdc,
      30_000_000n,
    )
    await hold.arrived
    // The first fee read after the approval is the order's, made while its create-tx is held.
    await rpc.seen(has('eth_feeHistory', approvedMs))
    const releasedMs = performance.now()
    hold.release()
    const result = await run
    const facts = rpc.log.find(has('eth_call', startedMs))!
    const firstQuote = service.log.find((r) => r.path.includes('create-tx'))!
    expect(firstQuote.path).not.toContain('enableEstimate=true')
    expect(firstQuote.arrivedAtMs).toBeGreaterThanOrEqual(facts.answeredAtMs!)
    expect(result.allowance?.actions).toEqual(['approve'])
    expect(criticalPath(releasedMs)).toEqual(['eth_simulateV1', 'eth_sendRawTransaction'])
  })

  test('behavior: under the exact policy with an allowance standing, the chain facts, fees and nonce counts go to the RPC in one JSON-RPC batch: one round trip', async () => {
    const { sender, api } = await world()
    const usdc = arb.contracts.tokens.USDC.address as Address
    const dlnSource = arb.contracts.dlnSource as Address
    await ensureAllowance({ sender, token: usdc, spender: dlnSource, amount: 10n ** 12n })
    const startedMs = performance.now()
    const result = await order({ api, sender }, usdc, 50_000_000n)
    const firstQuote = service.log.find((r) => r.path.includes('create-tx'))!
    const beforeQuote = rpc.log.filter(
      (r) => r.arrivedAtMs >= startedMs && r.arrivedAtMs <= firstQuote.arrivedAtMs,
    )
    expect(result.allowance).toBeUndefined()
    expect(beforeQuote).toHaveLength(1)
    expect([...beforeQuote[0]!.methods].sort()).toEqual([
      'eth_call',
      'eth_feeHistory',
      'eth_getTransactionCount',
    ])
  })

  test('behavior: a read made ahead that fails surfaces where it did before: fees above the cap stop the send with FeeCapError, nothing signed', async () => {
    // A cap under the devnet's going base fee: every fee read fails, the one ahead included.
    const { sender, journal, api } = await world({ feePolicy: { maxFeePerGasCapWei: 1n } })
    const stages: string[] = []
    const error = await order(
      {
        api,
        sender,
        onProgress: (e) => {
          stages.push(e.stage)
        },
      },
      NATIVE,
      parseEther('0.5'),
    ).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'FeeCapError' })
    // Verified and simulated first, as before: the fee read that fails is the send's own.
    expect(stages).toEqual(['facts', 'verified', 'simulated'])
    expect(journal.records).toEqual([])
  })
})
