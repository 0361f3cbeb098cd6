import {
  AbiDecodingDataSizeTooSmallError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  HttpRequestError,
  parseAbi,
  TimeoutError,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { createTrustedPriceSource } from '../../../../src/verify/prices/createTrustedPriceSource.ts'
import { feedAnswerToUsdE18, pegUsdE18 } from '../../../../src/verify/prices/feedAnswerToUsdE18.ts'
import { deadFeedReason } from '../../../../src/verify/prices/readFeedRounds.ts'
import {
  indexPriceEntries,
  resolvePriceRoot,
} from '../../../../src/verify/prices/resolvePriceRoot.ts'
import { valueUsdE18 } from '../../../../src/verify/prices/tokenUsdPrice.ts'
import type { TrustedPriceEntry } from '../../../../src/verify/prices/trustedPriceEntry.ts'

const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const USDC_BNB = '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d'
const USDC_SOL = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const FEED = '0x639Fe6ab55C921f74e7fac1ee960C0B6293ba612'
const e18 = 10n ** 18n

const ENTRIES: TrustedPriceEntry[] = [
  { chainId: 42161, token: USDC_ARB, decimals: 6, usd: 1 },
  { chainId: 56, token: USDC_BNB, decimals: 18, sameAs: { chainId: 42161, token: USDC_ARB } },
  { chainId: 7565164, token: USDC_SOL, decimals: 6, sameAs: { chainId: 56, token: USDC_BNB } },
  {
    chainId: 42161,
    token: '0x0000000000000000000000000000000000000000',
    feed: { address: FEED, maxAgeMs: 3_600_000 },
  },
]

describe('resolvePriceRoot', () => {
  test('behavior: follows sameAs to its peg or feed, EVM case-insensitive, Solana exact', () => {
    const byKey = indexPriceEntries(ENTRIES)
    expect(resolvePriceRoot(byKey, 7565164, USDC_SOL)).toEqual({
      own: ENTRIES[2],
      root: ENTRIES[0],
    })
    expect(resolvePriceRoot(byKey, 42161, USDC_ARB.toLowerCase())?.root).toBe(ENTRIES[0])
    expect(resolvePriceRoot(byKey, 7565164, USDC_SOL.toLowerCase())).toBeUndefined()
    expect(resolvePriceRoot(byKey, 1, USDC_ARB)).toBeUndefined()
  })

  test('failure: a loop or a missing target resolves to nothing', () => {
    const loop = indexPriceEntries([
      { chainId: 1, token: USDC_ARB, sameAs: { chainId: 2, token: USDC_ARB } },
      { chainId: 2, token: USDC_ARB, sameAs: { chainId: 1, token: USDC_ARB } },
      { chainId: 3, token: USDC_ARB, sameAs: { chainId: 4, token: USDC_ARB } },
    ])
    expect(resolvePriceRoot(loop, 1, USDC_ARB)).toBeUndefined()
    expect(resolvePriceRoot(loop, 3, USDC_ARB)).toBeUndefined()
  })
})

describe('feedAnswerToUsdE18', () => {
  const round = { answer: 300_012_345_678n, updatedAt: 1_000n, decimals: 8 }
  test('behavior: scales to 18 decimals; age is the chain block time, a future update is age 0', () => {
    expect(feedAnswerToUsdE18(round, 1_000n + 3_600n, 3_600_000)).toEqual({
      usdE18: 3_000_123_456_780_000_000_000n,
    })
    expect(feedAnswerToUsdE18(round, 900n, 1_000)).toHaveProperty('usdE18')
    expect(feedAnswerToUsdE18({ ...round, decimals: 20 }, 1_000n, 1_000)).toEqual({
      usdE18: 3_000_123_456n,
    })
  })
  test('failure: stale, zero and negative answers are no price', () => {
    expect(feedAnswerToUsdE18(round, 1_000n + 3_601n, 3_600_000)).toEqual({
      problem: 'the feed is stale: updated 3601 s before the latest block, limit 3600000 ms',
    })
    expect(feedAnswerToUsdE18({ ...round, answer: 0n }, 1_000n, 1_000)).toHaveProperty('problem')
    expect(feedAnswerToUsdE18({ ...round, answer: -1n }, 1_000n, 1_000)).toHaveProperty('problem')
    expect(
      feedAnswerToUsdE18({ ...round, answer: 1n, decimals: 30 }, 1_000n, 1_000),
    ).toHaveProperty('problem')
  })
  test('behavior: pegs keep 6 decimals', () => {
    expect(pegUsdE18(1)).toBe(e18)
    expect(pegUsdE18(0.999_9)).toBe(999_900_000_000_000_000n)
  })
})

describe('createTrustedPriceSource (pegs and sameAs: no reads)', () => {
  test('behavior: a sameAs token keeps its own decimals, so values agree across chains', async () => {
    const source = createTrustedPriceSource({ prices: ENTRIES, readClient: () => undefined })
    const snapshot = await source.snapshot([
      { chainId: 42161, token: USDC_ARB },
      { chainId: 56, token: USDC_BNB.toUpperCase().replace('0X', '0x') },
      { chainId: 7565164, token: USDC_SOL },
      { chainId: 8453, token: USDC_ARB },
    ])
    const arb = snapshot.get(42161, USDC_ARB)!
    const bnb = snapshot.get(56, USDC_BNB)!
    expect(arb).toEqual({ usdE18: e18, decimals: 6, source: 'peg 1' })
    expect(bnb).toEqual({ usdE18: e18, decimals: 18, source: `same as 42161:${USDC_ARB}, peg 1` })
    expect(valueUsdE18(arb, 5_000_000n)).toBe(valueUsdE18(bnb, 5n * e18))
    expect(snapshot.get(7565164, USDC_SOL)?.decimals).toBe(6)
    // Not configured: absent, never guessed.
    expect(snapshot.get(8453, USDC_ARB)).toBeUndefined()
    // Not asked for: absent too (a snapshot holds what it was asked).
    expect(snapshot.get(42161, '0x0000000000000000000000000000000000000000')).toBeUndefined()
  })

  test('failure: a Solana token without decimals is refused with the fix', async () => {
    const source = createTrustedPriceSource({
      prices: [{ chainId: 7565164, token: USDC_SOL, usd: 1 }],
      readClient: () => undefined,
    })
    await expect(source.snapshot([{ chainId: 7565164, token: USDC_SOL }])).rejects.toThrow(
      /decimals are not in the config/,
    )
  })
})

describe('deadFeedReason', () => {
  const abi = parseAbi([
    'function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)',
  ])
  const wrapped = (cause: Error) =>
    new ContractFunctionExecutionError(cause as never, {
      abi,
      functionName: 'latestRoundData',
      contractAddress: FEED,
    })

  test('behavior: no data, a revert or another shape mean the feed is not there (the config at fault)', () => {
    const noData = wrapped(new ContractFunctionZeroDataError({ functionName: 'latestRoundData' }))
    expect(deadFeedReason(noData, 'latestRoundData')).toBe(
      'answers no data to latestRoundData() (no contract at that address?)',
    )
    const reverted = wrapped(
      new ContractFunctionRevertedError({ abi, functionName: 'latestRoundData' }),
    )
    expect(deadFeedReason(reverted, 'latestRoundData')).toBe('reverts latestRoundData()')
    const shape = wrapped(
      new AbiDecodingDataSizeTooSmallError({ data: '0x01', params: [], size: 1 }),
    )
    expect(deadFeedReason(shape, 'decimals')).toMatch(/^answers decimals\(\) in another shape/)
  })

  test('behavior: an RPC that fails or times out is not the feed: it stays economics (undefined)', () => {
    const down = new HttpRequestError({ url: 'http://rpc.example', details: 'ECONNREFUSED' })
    expect(deadFeedReason(wrapped(down), 'latestRoundData')).toBeUndefined()
    const slow = new TimeoutError({ body: {}, url: 'http://rpc.example' })
    expect(deadFeedReason(wrapped(slow), 'latestRoundData')).toBeUndefined()
    expect(deadFeedReason(new Error('plain'), 'latestRoundData')).toBeUndefined()
  })
})
