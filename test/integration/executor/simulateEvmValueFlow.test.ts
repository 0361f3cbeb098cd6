import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ChainId } from '../../../src/api/schemas/chainId.ts'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { approvalCall } from '../../../src/execute/evm/ensureAllowance.ts'
import { executeEvmOrder } from '../../../src/execute/evm/executeEvmOrder.ts'
import { SimulationUnsupportedError } from '../../../src/verify/SimulationUnsupportedError.ts'
import { revertOfFlow, simulateEvmValueFlow } from '../../../src/verify/simulateEvmValueFlow.ts'
import {
  chainsOf,
  devnetValueFlow,
  orderIntent,
  testApi,
  testSender,
  user,
} from './executorHarness.ts'
import { type RpcProxy, startRpcProxy } from './startRpcProxy.ts'

const dlnSource = EVM_CONTRACTS.dlnSource as Address
const other = '0x000000000000000000000000000000000000b0b0' as Address
const ZERO = '0x0000000000000000000000000000000000000000' as Address
let devnet: Devnet
let arb: DevnetEvmChain
let base: DevnetEvmChain
let proxy: RpcProxy

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, solver: false })
  ;[arb, base] = chainsOf(devnet)
  proxy = await startRpcProxy(arb.rpcUrl)
})
afterAll(async () => {
  await proxy?.close()
  await devnet?.stop()
})

/** The service simulator's create-tx for `amountIn` of `tokenIn`, user → user. */
async function quoteOrder(tokenIn: string, amountIn: bigint) {
  const { quote } = await testApi(devnet.sim.baseUrl).createOrderTx({
    srcChainId: arb.chainId as ChainId,
    srcChainTokenIn: tokenIn,
    srcChainTokenInAmount: amountIn,
    dstChainId: base.chainId as ChainId,
    dstChainTokenOut: base.contracts.tokens.USDC.address,
    dstChainTokenOutRecipient: user.address,
    senderAddress: user.address,
    srcChainOrderAuthorityAddress: user.address,
    dstChainOrderAuthorityAddress: user.address,
    srcAllowedCancelBeneficiary: user.address,
  })
  return {
    orderId: quote.orderId as Hex,
    call: {
      to: quote.tx.to as Address,
      data: quote.tx.data as Hex,
      value: BigInt(quote.tx.value ?? '0'),
    },
  }
}

const lc = (a: string) => a.toLowerCase()

describe('simulateEvmValueFlow against anvil', () => {
  test('default: eth_simulateV1 runs approve then order as one sequence in one RPC call', async () => {
    const usdc = arb.contracts.tokens.USDC.address as Address
    const amount = 100_000_000n
    const { orderId, call } = await quoteOrder(usdc, amount)
    proxy.reset()
    const flow = await simulateEvmValueFlow(arb.client, {
      account: user.address,
      calls: [approvalCall(usdc, dlnSource, amount), call],
      dlnSource,
      method: 'eth_simulateV1',
    })
    expect(flow.method).toBe('eth_simulateV1')
    expect(flow.calls.map((c) => c.status)).toEqual(['success', 'success'])
    expect(flow.approvals[0]).toMatchObject({ callIndex: 0, owner: user.address, amount })
    expect(lc(flow.approvals[0]!.spender)).toBe(lc(dlnSource))
    const out = flow.transfers.filter((t) => lc(t.from) === lc(user.address))
    expect(out).toHaveLength(1)
    expect(out[0]).toMatchObject({ callIndex: 1, amount })
    expect(lc(out[0]!.token)).toBe(lc(usdc))
    // The flat fee, as eth_simulateV1's synthetic native Transfer log.
    expect(flow.native).toEqual([
      {
        callIndex: 1,
        from: user.address,
        to: expect.any(String),
        amountWei: arb.contracts.fixedFeeWei,
      },
    ])
    expect(flow.createdOrders.map((o) => o.orderId)).toEqual([orderId])
  })

  test('behavior: one RPC call per simulation, through a counting proxy', async () => {
    const usdc = arb.contracts.tokens.USDC.address as Address
    const { call } = await quoteOrder(usdc, 50_000_000n)
    const client = createPublicClient({ transport: http(proxy.url) })
    proxy.reset()
    await simulateEvmValueFlow(client, {
      account: user.address,
      calls: [approvalCall(usdc, dlnSource, 50_000_000n), call],
      dlnSource,
    })
    expect(proxy.counts).toEqual({ eth_simulateV1: 1 })
  })

  test('behavior: debug_traceCall gives the same moves for one call (native input order)', async () => {
    const amount = 10n ** 16n
    const { orderId, call } = await quoteOrder(ZERO, amount)
    const viaTrace = await simulateEvmValueFlow(arb.client, {
      account: user.address,
      calls: [call],
      dlnSource,
      method: 'debug_traceCall',
    })
    const viaSim = await simulateEvmValueFlow(arb.client, {
      account: user.address,
      calls: [call],
      dlnSource,
      method: 'eth_simulateV1',
    })
    expect(viaTrace.method).toBe('debug_traceCall')
    expect(viaTrace.native).toEqual([
      {
        callIndex: 0,
        from: user.address,
        to: expect.any(String),
        amountWei: amount + arb.contracts.fixedFeeWei,
      },
    ])
    expect(lc(viaTrace.native[0]!.to)).toBe(lc(dlnSource))
    expect(viaTrace.native.map((n) => n.amountWei)).toEqual(viaSim.native.map((n) => n.amountWei))
    expect(viaTrace.createdOrders.map((o) => o.orderId)).toEqual([orderId])
    // ERC-20 logs come through the frames too.
    const usdc = arb.contracts.tokens.USDC.address as Address
    const transfer = {
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [other, 7n] }),
      value: 0n,
    }
    const traced = await simulateEvmValueFlow(arb.client, {
      account: user.address,
      calls: [transfer],
      method: 'debug_traceCall',
    })
    expect(traced.transfers).toEqual([
      {
        callIndex: 0,
        token: expect.any(String),
        from: user.address,
        to: expect.any(String),
        amount: 7n,
      },
    ])
  })

  test('behavior: without eth_simulateV1, auto falls back to debug_traceCall once and remembers', async () => {
    const lacking = await startRpcProxy(arb.rpcUrl)
    try {
      lacking.lackMethod('eth_simulateV1')
      const client = createPublicClient({ transport: http(lacking.url, { retryCount: 0 }) })
      const { call } = await quoteOrder(ZERO, 10n ** 16n)
      const first = await simulateEvmValueFlow(client, {
        account: user.address,
        calls: [call],
        dlnSource,
      })
      expect(first.method).toBe('debug_traceCall')
      expect(first.createdOrders).toHaveLength(1)
      await simulateEvmValueFlow(client, { account: user.address, calls: [call], dlnSource })
      expect(lacking.counts).toEqual({ eth_simulateV1: 1, debug_traceCall: 2 })
      // A sequence cannot be traced as one: the caller is told so, by type.
      const usdc = arb.contracts.tokens.USDC.address as Address
      const error = await simulateEvmValueFlow(client, {
        account: user.address,
        calls: [approvalCall(usdc, dlnSource, 1n), call],
      }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(SimulationUnsupportedError)
      expect((error as SimulationUnsupportedError).reason).toBe('sequence')
    } finally {
      await lacking.close()
    }
  })

  test('behavior: a reverted call is reported by both methods and named', async () => {
    const usdc = arb.contracts.tokens.USDC.address as Address
    const { call } = await quoteOrder(usdc, 100_000_000n)
    // Without the approval, DlnSource's transferFrom fails; with a wrong fee, WrongFixedFee.
    const wrongFee = { ...call, value: call.value + 1n }
    for (const method of ['eth_simulateV1', 'debug_traceCall'] as const) {
      const flow = await simulateEvmValueFlow(arb.client, {
        account: user.address,
        calls: [wrongFee],
        dlnSource,
        method,
      })
      expect(flow.calls[0]!.status).toBe('reverted')
      expect(flow.transfers).toEqual([])
      expect(revertOfFlow(flow)?.error.errorName).toBe('WrongFixedFee')
    }
  })

  test('behavior: executeEvmOrder on a node without eth_simulateV1 judges the approval alone, then the order by trace', async () => {
    const lacking = await startRpcProxy(arb.rpcUrl)
    const { sender } = testSender(arb, { rpcUrl: lacking.url })
    try {
      lacking.lackMethod('eth_simulateV1')
      const usdc = arb.contracts.tokens.USDC.address
      const result = await executeEvmOrder({
        ...devnetValueFlow,
        intent: orderIntent(arb, base, usdc, 100_000_000n, base.contracts.tokens.USDC.address),
        api: testApi(devnet.sim.baseUrl),
        sender,
      })
      expect(result.allowance?.actions).toEqual(['approve'])
      expect(result.orderId).toBe(result.quote.orderId)
      // Asked once, then remembered: the approval and the order were each traced.
      expect(lacking.counts.eth_simulateV1).toBe(1)
      expect(lacking.counts.debug_traceCall).toBe(2)
    } finally {
      sender.close()
      await lacking.close()
    }
  })

  test('behavior: simulation off signs after a plain eth_call and says so on every signature', async () => {
    const counting = await startRpcProxy(arb.rpcUrl)
    const { sender } = testSender(arb, { rpcUrl: counting.url })
    const warnings: { obj: object; msg: string | undefined }[] = []
    const logger = {
      debug: () => {},
      info: () => {},
      error: () => {},
      warn: (obj: object, msg?: string) => warnings.push({ obj, msg }),
    }
    try {
      const usdc = arb.contracts.tokens.USDC.address
      await executeEvmOrder({
        ...devnetValueFlow,
        simulation: 'off',
        intent: orderIntent(arb, base, usdc, 100_000_000n, base.contracts.tokens.USDC.address),
        api: testApi(devnet.sim.baseUrl),
        sender,
        logger,
      })
      const notChecked = warnings.filter((w) => w.msg?.includes('value flow NOT checked'))
      // Before the approval (approval + order) and before the order: one line each.
      expect(notChecked.map((w) => w.obj)).toEqual([
        { chainId: arb.chainId, kind: 'order', calls: 2 },
        { chainId: arb.chainId, kind: 'order', calls: 1 },
      ])
      expect(counting.counts.eth_simulateV1).toBeUndefined()
      expect(counting.counts.eth_call).toBeGreaterThan(0)
    } finally {
      sender.close()
      await counting.close()
    }
  })
})
