import { describe, expect, test } from 'vitest'
import { RequestValidationError } from '../../../src/api/RequestValidationError.ts'
import { buildExternalCallProcessPath } from '../../../src/api/requests/buildExternalCallProcessPath.ts'
import {
  buildReferralLeaderboardBody,
  buildWalletLeaderboardBody,
} from '../../../src/api/requests/buildLeaderboardBody.ts'
import { buildSwapTxQuery, type SwapTxParams } from '../../../src/api/requests/buildSwapTxQuery.ts'

const user = '0x1111111111111111111111111111111111111111'
const swap: SwapTxParams = {
  chainId: 42161,
  tokenIn: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  tokenInAmount: '1000000',
  tokenOut: '0x0000000000000000000000000000000000000000',
  tokenOutRecipient: user,
}

function fieldOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (error instanceof RequestValidationError) return error.field
    throw error
  }
  throw new Error('expected a RequestValidationError')
}

describe('buildSwapTxQuery', () => {
  test('default: builds the query of docs/service.md §4.5', () => {
    expect(buildSwapTxQuery({ ...swap, slippage: 'auto' })).toEqual({
      chainId: '42161',
      tokenIn: swap.tokenIn,
      tokenInAmount: '1000000',
      tokenOut: swap.tokenOut,
      tokenOutRecipient: user,
      slippage: 'auto',
    })
    expect(buildSwapTxQuery({ ...swap, slippage: 0.5 }).slippage).toBe('0.5')
  })

  test.each([
    ['an unknown chain', { chainId: 250 }, 'chainId'],
    ['a negative slippage', { slippage: -1 }, 'slippage'],
    ['a slippage word', { slippage: 'max' }, 'slippage'],
    [
      'affiliate above 10',
      { affiliateFeePercent: 12, affiliateFeeRecipient: user },
      'affiliateFeePercent',
    ],
    ['affiliate without recipient', { affiliateFeePercent: 1 }, 'affiliateFeeRecipient'],
    ['recipient without affiliate fee', { affiliateFeeRecipient: user }, 'affiliateFeePercent'],
    ['a missing recipient', { tokenOutRecipient: undefined }, 'tokenOutRecipient'],
    ['the same token twice', { tokenOut: swap.tokenIn }, 'tokenOut'],
    ['a bad amount', { tokenInAmount: '-5' }, 'tokenInAmount'],
  ] as const)('behavior: rejects %s', (_name, patch, field) => {
    expect(fieldOf(() => buildSwapTxQuery({ ...swap, ...patch } as SwapTxParams))).toBe(field)
  })
})

describe('leaderboard bodies', () => {
  test('default: accepts skip/take and a hex or base58 wallet, or a referral code', () => {
    expect(buildWalletLeaderboardBody({ skip: 0, take: 100, walletAddress: user })).toEqual({
      skip: 0,
      take: 100,
      walletAddress: user,
    })
    expect(
      buildWalletLeaderboardBody({
        skip: 5,
        take: 1,
        walletAddress: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      }),
    ).toMatchObject({ skip: 5 })
    expect(
      buildWalletLeaderboardBody({ skip: 0, take: 10, walletAddress: null }).walletAddress,
    ).toBeNull()
    expect(buildReferralLeaderboardBody({ skip: 0, take: 10, referralCode: 31805 })).toEqual({
      skip: 0,
      take: 10,
      referralCode: 31805,
    })
  })

  test.each([
    ['take 0', { skip: 0, take: 0 }, 'take'],
    ['take above 100', { skip: 0, take: 101 }, 'take'],
    ['negative skip', { skip: -1, take: 10 }, 'skip'],
    ['fractional take', { skip: 0, take: 1.5 }, 'take'],
    [
      'a wallet that is neither hex nor base58',
      { skip: 0, take: 10, walletAddress: '0xZZ' },
      'walletAddress',
    ],
  ] as const)('behavior: wallet board rejects %s', (_name, body, field) => {
    expect(fieldOf(() => buildWalletLeaderboardBody(body as never))).toBe(field)
  })

  test('behavior: referral board rejects a non-integer code and a large take', () => {
    expect(
      fieldOf(() => buildReferralLeaderboardBody({ skip: 0, take: 10, referralCode: 1.5 })),
    ).toBe('referralCode')
    expect(fieldOf(() => buildReferralLeaderboardBody({ skip: 0, take: 500 }))).toBe('take')
  })
})

describe('buildExternalCallProcessPath', () => {
  test('default: builds the path of docs/service.md §4.1', () => {
    const id = `0x${'ab'.repeat(32)}`
    expect(buildExternalCallProcessPath(id)).toBe(`/api/Orders/${id}/externalCallProcess`)
  })

  test.each(['0x1234', 'ab'.repeat(32), `0x${'zz'.repeat(32)}`, `0x${'ab'.repeat(32)}/../x`])(
    'behavior: rejects orderId %s',
    (id) => {
      expect(fieldOf(() => buildExternalCallProcessPath(id))).toBe('orderId')
    },
  )
})
