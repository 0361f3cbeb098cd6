import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  type PublicClient,
  parseAbi,
} from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { DEVNET_ADDRESSES } from '../../../src/devnet/devnetAddresses.ts'
import { installContracts } from '../../../src/devnet/installContracts.ts'
import { publishDevnetPrices } from '../../../src/devnet/publishDevnetPrices.ts'
import { type AnvilChain, startAnvil } from '../../../src/devnet/startAnvil.ts'
import { createMarket } from '../../../src/sim/market/createMarket.ts'
import { createTrustedPriceSource } from '../../../src/verify/prices/createTrustedPriceSource.ts'
import { PriceFeedUnavailableError } from '../../../src/verify/prices/PriceFeedUnavailableError.ts'
import { TrustedPriceError } from '../../../src/verify/prices/TrustedPriceError.ts'
import type { TrustedPriceEntry } from '../../../src/verify/prices/trustedPriceEntry.ts'
import { type RpcProxy, startRpcProxy } from '../executor/startRpcProxy.ts'

const ARB = 42161
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const WETH_ARB = '0x82af49447d8a07e3bd95bd0d56f35241523fbab1'
const NATIVE = '0x0000000000000000000000000000000000000000'
const SOL_NATIVE = '11111111111111111111111111111111'
const { ETH: ETH_FEED, SOL: SOL_FEED } = DEVNET_ADDRESSES.priceFeeds
const feedAbi = parseAbi(['function setAnswer(int256)', 'function setAnswerAt(int256,uint256)'])

// Written as the config would: USDC pegged (decimals read from the token), USDC on Base the same
// asset (decimals given: no Base RPC here), ETH and WETH via the ETH/USD feed, SOL via a feed read
// on Arbitrum. EVM case differs from the requests on purpose.
const PRICES: TrustedPriceEntry[] = [
  { chainId: ARB, token: USDC_ARB.toUpperCase().replace('0X', '0x'), usd: 1 },
  { chainId: 8453, token: USDC_BASE, decimals: 6, sameAs: { chainId: ARB, token: USDC_ARB } },
  { chainId: ARB, token: NATIVE, feed: { address: ETH_FEED, maxAgeMs: 3_600_000 } },
  { chainId: ARB, token: WETH_ARB, feed: { address: ETH_FEED, maxAgeMs: 3_600_000 } },
  {
    chainId: 7565164,
    token: SOL_NATIVE,
    feed: { chainId: ARB, address: SOL_FEED, maxAgeMs: 3_600_000 },
  },
]

let anvil: AnvilChain
let proxy: RpcProxy
let client: PublicClient
let httpRequests = 0
const market = createMarket({ seed: 1 })
const owner = devnetEvmAccount('deployer')

beforeAll(async () => {
  anvil = await startAnvil({ chainId: ARB })
  const contracts = await installContracts(anvil.rpcUrl, { chainId: ARB })
  const pub = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient
  const wallet = createWalletClient({ account: owner.account, transport: http(anvil.rpcUrl) })
  await publishDevnetPrices(wallet, pub, contracts, market)
  proxy = await startRpcProxy(anvil.rpcUrl)
  // As ferry's read client (createEvmRpc): JSON-RPC batching on.
  client = createPublicClient({
    transport: http(proxy.url, {
      batch: true,
      onFetchRequest: () => {
        httpRequests++
      },
    }),
  }) as PublicClient
}, 60_000)

afterAll(async () => {
  await proxy?.close()
  await anvil?.stop()
})

beforeEach(() => {
  proxy.reset()
  httpRequests = 0
})

const setAnswer = async (feed: string, args: readonly bigint[]) => {
  const wallet = createWalletClient({ account: owner.account, transport: http(anvil.rpcUrl) })
  const pub = createPublicClient({ transport: http(anvil.rpcUrl) })
  const hash = await wallet.writeContract({
    chain: null,
    address: feed as Address,
    abi: feedAbi,
    functionName: args.length === 1 ? 'setAnswer' : 'setAnswerAt',
    args: args as never,
  })
  await pub.waitForTransactionReceipt({ hash })
}

describe('createTrustedPriceSource on anvil with the devnet feeds', () => {
  test('behavior: prices every kind from the feeds the simulator quotes from, one batched request', async () => {
    const source = createTrustedPriceSource({
      prices: PRICES,
      readClient: (id) => (id === ARB ? client : undefined),
    })
    const snapshot = await source.snapshot([
      { chainId: ARB, token: USDC_ARB },
      { chainId: 8453, token: USDC_BASE },
      { chainId: ARB, token: NATIVE },
      { chainId: ARB, token: WETH_ARB.toUpperCase().replace('0X', '0x') },
      { chainId: 7565164, token: SOL_NATIVE },
    ])
    const e18 = 10n ** 18n
    expect(snapshot.get(ARB, USDC_ARB)).toEqual({ usdE18: e18, decimals: 6, source: 'peg 1' })
    expect(snapshot.get(8453, USDC_BASE.toUpperCase().replace('0X', '0x'))).toMatchObject({
      usdE18: e18,
      decimals: 6,
      source: expect.stringContaining('same as 42161:'),
    })
    expect(snapshot.get(ARB, NATIVE)).toMatchObject({
      usdE18: BigInt(market.priceUsd('ETH')) * e18,
      decimals: 18,
      source: `feed ${ETH_FEED}@42161`,
    })
    expect(snapshot.get(ARB, WETH_ARB)?.decimals).toBe(18) // read from the token contract
    expect(snapshot.get(7565164, SOL_NATIVE)).toMatchObject({
      usdE18: BigInt(market.priceUsd('SOL')) * e18,
      decimals: 9,
    })
    // One HTTP request: the block, two rounds (ETH feed shared), two feed and two token decimals.
    expect(httpRequests).toBe(1)
    expect(proxy.counts).toEqual({ eth_getBlockByNumber: 1, eth_call: 6 })

    // Decimals are cached: the next snapshot reads the block and the rounds only.
    proxy.reset()
    httpRequests = 0
    await source.snapshot([
      { chainId: ARB, token: NATIVE },
      { chainId: 7565164, token: SOL_NATIVE },
    ])
    expect(httpRequests).toBe(1)
    expect(proxy.counts).toEqual({ eth_getBlockByNumber: 1, eth_call: 2 })
  })

  test('behavior: only the feeds a snapshot needs are read; pegs and unknown tokens read nothing', async () => {
    const source = createTrustedPriceSource({
      prices: PRICES,
      readClient: () => {
        throw new Error('no read expected')
      },
    })
    const snapshot = await source.snapshot([
      { chainId: 8453, token: USDC_BASE },
      { chainId: ARB, token: '0x1111111111111111111111111111111111111111' },
    ])
    expect(snapshot.get(8453, USDC_BASE)?.usdE18).toBe(10n ** 18n)
    expect(snapshot.get(ARB, '0x1111111111111111111111111111111111111111')).toBeUndefined()
    expect(proxy.total()).toBe(0)
  })

  test('failure: a stale feed (by the chain clock) and an answer of 0 are no price, naming token and feed', async () => {
    const source = createTrustedPriceSource({
      prices: PRICES,
      readClient: () => client,
    })
    const block = await client.getBlock({ blockTag: 'latest' })
    await setAnswer(ETH_FEED, [300_000_000_000n, block.timestamp - 3_601n])
    const stale = await source.snapshot([{ chainId: ARB, token: NATIVE }]).catch((e: unknown) => e)
    expect(stale).toBeInstanceOf(TrustedPriceError)
    expect((stale as TrustedPriceError).shortMessage).toContain(`42161:${NATIVE}`)
    expect((stale as TrustedPriceError).shortMessage).toContain('stale')
    expect((stale as TrustedPriceError).metaMessages).toContain(`feed: ${ETH_FEED} on chain 42161`)

    await setAnswer(ETH_FEED, [0n])
    const zero = await source.snapshot([{ chainId: ARB, token: WETH_ARB }]).catch((e: unknown) => e)
    expect(zero).toBeInstanceOf(TrustedPriceError)
    expect((zero as TrustedPriceError).shortMessage).toContain(`42161:${WETH_ARB}`)
    expect((zero as TrustedPriceError).shortMessage).toContain('answered 0')

    // Time moves on the chain, not the host: a fresh answer ages out when blocks advance.
    await setAnswer(ETH_FEED, [300_000_000_000n])
    await expect(source.snapshot([{ chainId: ARB, token: NATIVE }])).resolves.toBeDefined()
    const test = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) })
    await test.increaseTime({ seconds: 3_601 })
    await test.mine({ blocks: 1 })
    await expect(source.snapshot([{ chainId: ARB, token: NATIVE }])).rejects.toThrow(/stale/)
  })

  test('failure: a feed with no contract or one that reverts is the config at fault, naming feed, chain and token', async () => {
    const NO_CONTRACT = '0x00000000000000000000000000000000000fee0d'
    const source = createTrustedPriceSource({
      prices: [
        {
          chainId: ARB,
          token: USDC_ARB,
          decimals: 6,
          feed: { address: NO_CONTRACT, maxAgeMs: 60_000 },
        },
        // A token contract is not a feed: latestRoundData() reverts.
        {
          chainId: ARB,
          token: WETH_ARB,
          decimals: 18,
          feed: { address: USDC_ARB, maxAgeMs: 60_000 },
        },
        // A day's age allowed: the test before aged the devnet feed on purpose.
        { chainId: ARB, token: NATIVE, feed: { address: ETH_FEED, maxAgeMs: 86_400_000 } },
      ],
      readClient: () => client,
    })
    const missing = await source
      .snapshot([{ chainId: ARB, token: USDC_ARB }])
      .catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(PriceFeedUnavailableError)
    expect(missing).not.toBeInstanceOf(TrustedPriceError)
    expect((missing as PriceFeedUnavailableError).shortMessage).toBe(
      `price feed ${NO_CONTRACT} on chain 42161 (pricing 42161:${USDC_ARB}) answers no data to latestRoundData() (no contract at that address?)`,
    )
    expect((missing as PriceFeedUnavailableError).metaMessages[0]).toMatch(/^fix: /)
    const reverts = await source
      .snapshot([
        { chainId: ARB, token: WETH_ARB },
        { chainId: ARB, token: NATIVE },
      ])
      .catch((e: unknown) => e)
    expect(reverts).toBeInstanceOf(PriceFeedUnavailableError)
    expect((reverts as PriceFeedUnavailableError).feed).toBe(`42161:${USDC_ARB}`)
    expect((reverts as PriceFeedUnavailableError).token).toBe(`42161:${WETH_ARB}`)
    // A working feed beside it is still read: only the dead one is at fault.
    await expect(source.snapshot([{ chainId: ARB, token: NATIVE }])).resolves.toBeDefined()
  })

  test('failure: a feed on a chain with no read client names the chain and the fix', async () => {
    const source = createTrustedPriceSource({ prices: PRICES, readClient: () => undefined })
    const error = await source.snapshot([{ chainId: ARB, token: NATIVE }]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TrustedPriceError)
    expect((error as TrustedPriceError).message).toContain('no RPC for chain 42161')
  })
})
