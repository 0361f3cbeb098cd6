import { type Address, erc20Abi, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createEvmRpc } from '../../../src/chains/evm/createEvmRpc.ts'
import type { QuorumEvent } from '../../../src/chains/evm/createQuorumTransport.ts'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { chainsOf, user } from './executorHarness.ts'
import { type RpcProxy, startRpcProxy } from './startRpcProxy.ts'

let devnet: Devnet
let arb: DevnetEvmChain
let proxies: RpcProxy[]

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, solver: false })
  ;[arb] = chainsOf(devnet)
  proxies = await Promise.all([0, 1, 2].map(() => startRpcProxy(arb!.rpcUrl)))
}, 60_000)
afterAll(async () => {
  await Promise.all(proxies?.map((p) => p.close()) ?? [])
  await devnet?.stop()
})

/** Three RPC URLs of one anvil chain, the third behind a proxy the test controls. */
function rpcOverThree(events: QuorumEvent[], nowMs?: () => number) {
  return createEvmRpc(
    proxies.map((p) => p.url),
    {
      chainId: 42161,
      readRetryCount: 0,
      breaker: { failureThreshold: 2, cooldownMs: 1_000 },
      onEvent: (e) => events.push(e),
      ...(nowMs ? { nowMs } : {}),
    },
  )
}

const usdc = () => arb.contracts.tokens.USDC.address as Address
const usdcBalance = (rpc: ReturnType<typeof createEvmRpc>) =>
  rpc.read.readContract({
    address: usdc(),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [user.address],
  })

describe('RPC quorum and circuit breakers (three URLs, one of them lies or fails)', () => {
  test('default: three honest URLs agree; balances and nonces read as the node has them', async () => {
    const events: QuorumEvent[] = []
    const rpc = rpcOverThree(events)
    const direct = await arb.client.getBalance({ address: user.address })
    expect(await rpc.read.getBalance({ address: user.address })).toBe(direct)
    expect(await rpc.read.getTransactionCount({ address: user.address })).toBe(
      await arb.client.getTransactionCount({ address: user.address }),
    )
    expect(events).toEqual([])
  })

  test('behavior: a URL that lies about a balance is refused with an alert, never outvoted', async () => {
    const events: QuorumEvent[] = []
    const rpc = rpcOverThree(events)
    const honest = await usdcBalance(rpc)
    // The attack is real: a client that trusts the lying URL alone reads a balance that is not.
    proxies[2]!.lieAbout('eth_call', () => `0x${(10n ** 30n).toString(16).padStart(64, '0')}`)
    proxies[2]!.lieAbout('eth_getBalance', () => `0x${parseEther('1000000').toString(16)}`)
    const alone = createEvmRpc(proxies[2]!.url)
    expect(await usdcBalance(alone)).toBe(10n ** 30n)
    await expect(usdcBalance(rpc)).rejects.toThrow(/disagree on eth_call/)
    await expect(rpc.read.getBalance({ address: user.address })).rejects.toThrow(
      /disagree on eth_getBalance/,
    )
    const alerts = events.filter((e) => e.type === 'disagreement')
    expect(alerts.map((e) => e.type === 'disagreement' && e.method)).toEqual([
      'eth_call',
      'eth_getBalance',
    ])
    expect(JSON.stringify(alerts[0])).toContain(new URL(proxies[2]!.url).host)
    expect(honest).toBeLessThan(10n ** 30n)
    proxies[2]!.lieAbout('eth_call', (r) => r)
    proxies[2]!.lieAbout('eth_getBalance', (r) => r)
  })

  test('behavior: a URL that fails opens its breaker; two of three still decide; a probe closes it', async () => {
    let now = 0
    const events: QuorumEvent[] = []
    const rpc = rpcOverThree(events, () => now)
    const down = proxies[2]!
    down.setDown(true)
    expect(await usdcBalance(rpc)).toBeGreaterThan(0n)
    expect(await usdcBalance(rpc)).toBeGreaterThan(0n)
    expect(events).toContainEqual({ type: 'breaker', host: new URL(down.url).host, state: 'open' })
    // Open: the failing URL gets no request at all.
    down.reset()
    expect(await usdcBalance(rpc)).toBeGreaterThan(0n)
    expect(down.total()).toBe(0)
    // After the cooldown one probe goes; the URL is back, so the breaker closes.
    down.setDown(false)
    now += 1_000
    expect(await usdcBalance(rpc)).toBeGreaterThan(0n)
    expect(
      events.filter((e) => e.type === 'breaker').map((e) => e.type === 'breaker' && e.state),
    ).toEqual(['open', 'halfOpen', 'closed'])
    expect(down.total()).toBeGreaterThan(0)
  })

  test('behavior: with two of three down a money-deciding read is unavailable, not guessed', async () => {
    const rpc = rpcOverThree([])
    proxies[1]!.setDown(true)
    proxies[2]!.setDown(true)
    try {
      await expect(usdcBalance(rpc)).rejects.toThrow(/too few RPCs on chain 42161 answered/)
    } finally {
      proxies[1]!.setDown(false)
      proxies[2]!.setDown(false)
    }
  })
})
