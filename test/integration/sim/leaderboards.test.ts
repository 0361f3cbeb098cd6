import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type {
  ReferralLeaderboardItem,
  WalletLeaderboardItem,
} from '../../../src/api/schemas/leaderboard.ts'
import { ADDR, startTestSim, type TestSim } from './startTestSim.ts'

const CHECKSUMMED = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01'
const TIE_A = '0x000000000000000000000000000000000000aaaa'
const TIE_B = '0x000000000000000000000000000000000000bbbb'
let orderSeq = 0
const nextOrderId = (): string => `0x${(++orderSeq).toString(16).padStart(64, '0')}`

describe('leaderboards', () => {
  let sim: TestSim
  beforeAll(async () => {
    sim = await startTestSim({ seed: 7 })
    const record = (maker: string, feesUsd: number, executed = true, referralCode?: number) =>
      sim.server.stats.recordOrder({
        orderId: nextOrderId(),
        maker,
        feesUsd,
        volumeUsd: feesUsd * 1000,
        executed,
        ...(referralCode === undefined ? {} : { referralCode }),
      })
    // Two orders of one wallet sum; the pending one does not count.
    record(CHECKSUMMED, 600, true, 777)
    record(CHECKSUMMED.toLowerCase(), 400, true, 777)
    record(CHECKSUMMED, 10_000, false, 777)
    record(ADDR.solWallet, 900)
    // Equal fees: the first recorded stays ahead.
    record(TIE_A, 800)
    record(TIE_B, 800)
  })
  afterAll(() => sim.server.close())

  async function allWalletPages(take: number): Promise<WalletLeaderboardItem[]> {
    const items: WalletLeaderboardItem[] = []
    for (let skip = 0; ; skip += take) {
      const page = await sim.client.getWalletLeaderboard({ skip, take })
      items.push(...(page.users ?? []))
      if (skip + take >= page.totalCount) {
        expect(items).toHaveLength(page.totalCount)
        return items
      }
    }
  }

  async function allReferralPages(take: number): Promise<ReferralLeaderboardItem[]> {
    const items: ReferralLeaderboardItem[] = []
    for (let skip = 0; ; skip += take) {
      const page = await sim.client.getReferralLeaderboard({ skip, take })
      items.push(...(page.users ?? []))
      if (skip + take >= page.totalCount) {
        expect(items).toHaveLength(page.totalCount)
        return items
      }
    }
  }

  test('default: wallets across pages appear exactly once, ranked 1..n by fees', async () => {
    const items = await allWalletPages(37)
    const keys = items.map((i) => i.walletAddress.stringValue.toLowerCase())
    expect(new Set(keys).size).toBe(items.length)
    expect(items.map((i) => i.userRank)).toEqual(items.map((_, i) => i + 1))
    for (let i = 1; i < items.length; i++) {
      expect(items[i - 1]!.totalFeesUSD).toBeGreaterThanOrEqual(items[i]!.totalFeesUSD)
    }
    // The seeded population has hex and base58 wallets.
    expect(keys.some((k) => k.startsWith('0x'))).toBe(true)
    expect(keys.some((k) => !k.startsWith('0x'))).toBe(true)
  })

  test('behavior: every page size gives the same order', async () => {
    const byOne = (await allWalletPages(100)).map((i) => i.walletAddress.stringValue)
    const bySeven = (await allWalletPages(7)).map((i) => i.walletAddress.stringValue)
    expect(bySeven).toEqual(byOne)
  })

  test('behavior: store orders sum per wallet, only executed ones count', async () => {
    const top = await sim.client.getWalletLeaderboard({ skip: 0, take: 4 })
    expect(top.users?.map((u) => [u.walletAddress.stringValue, u.totalFeesUSD])).toEqual([
      [CHECKSUMMED, 1000],
      [ADDR.solWallet, 900],
      [TIE_A, 800],
      [TIE_B, 800],
    ])
    expect(top.users?.[0]?.totalExecutedOrders).toBe(2)
    expect(top.users?.[0]?.totalVolumeUSD).toBe(1_000_000)
  })

  test('behavior: ties keep the order they were first seen in', async () => {
    const first = await sim.client.getWalletLeaderboard({ skip: 2, take: 2 })
    const again = await sim.client.getWalletLeaderboard({ skip: 3, take: 1 })
    expect(first.users?.map((u) => u.userRank)).toEqual([3, 4])
    expect(first.users?.[1]?.walletAddress.stringValue).toBe(TIE_B)
    expect(again.users?.[0]).toEqual(first.users?.[1])
  })

  test.each([
    ['lower-case hex', CHECKSUMMED.toLowerCase()],
    ['upper-case hex', `0x${CHECKSUMMED.slice(2).toUpperCase()}`],
    ['checksummed hex', CHECKSUMMED],
  ])('behavior: search by %s finds the wallet', async (_name, walletAddress) => {
    const board = await sim.client.getWalletLeaderboard({ skip: 50, take: 1, walletAddress })
    expect(board.searchResult?.userRank).toBe(1)
    expect(board.searchResult?.walletAddress.stringValue).toBe(CHECKSUMMED)
    expect(board.users?.[0]?.userRank).toBe(51)
  })

  test('behavior: search by base58 finds the wallet, with its decoded bytes', async () => {
    const board = await sim.client.getWalletLeaderboard({
      skip: 0,
      take: 1,
      walletAddress: ADDR.solWallet,
    })
    expect(board.searchResult?.userRank).toBe(2)
    const address = board.searchResult!.walletAddress
    expect(Buffer.from(address.Base64Value, 'base64')).toHaveLength(32)
    expect(JSON.parse(address.bytesArrayValue)).toEqual([
      ...Buffer.from(address.Base64Value, 'base64'),
    ])
  })

  test('behavior: search finds a seeded base58 wallet deep in the board', async () => {
    const items = await allWalletPages(100)
    const deep = items.filter((i) => !i.walletAddress.stringValue.startsWith('0x')).at(-1)!
    const board = await sim.client.getWalletLeaderboard({
      skip: 0,
      take: 1,
      walletAddress: deep.walletAddress.stringValue,
    })
    expect(board.searchResult).toEqual(deep)
  })

  test('behavior: an unknown wallet has a null searchResult', async () => {
    const board = await sim.client.getWalletLeaderboard({
      skip: 0,
      take: 1,
      walletAddress: ADDR.other,
    })
    expect(board.searchResult).toBeNull()
  })

  test('behavior: skip past the end gives an empty page with the total', async () => {
    const board = await sim.client.getWalletLeaderboard({ skip: 10_000, take: 10 })
    expect(board.users).toEqual([])
    expect(board.totalCount).toBe(200 + 4)
  })

  test('default: referral codes across pages appear exactly once, ranked 1..n', async () => {
    const items = await allReferralPages(13)
    expect(new Set(items.map((i) => i.referralCode)).size).toBe(items.length)
    expect(items.map((i) => i.referralProgramRank)).toEqual(items.map((_, i) => i + 1))
    for (let i = 1; i < items.length; i++) {
      expect(items[i - 1]!.referralsTotalFeesUsd).toBeGreaterThanOrEqual(
        items[i]!.referralsTotalFeesUsd,
      )
    }
  })

  test('behavior: search by referral code', async () => {
    const board = await sim.client.getReferralLeaderboard({ skip: 0, take: 5, referralCode: 777 })
    expect(board.searchResult).toEqual({
      referralCode: 777,
      referralProgramRank: 1,
      referralsTotalVolumeUsd: 1_000_000,
      referralsTotalFeesUsd: 1000,
      referralsTotalExecutedOrders: 2,
    })
    expect(board.users?.[0]).toEqual(board.searchResult)
    const missing = await sim.client.getReferralLeaderboard({ skip: 0, take: 5, referralCode: 1 })
    expect(missing.searchResult).toBeNull()
  })

  test('behavior: the same seed gives the same population, another seed another', async () => {
    const same = await startTestSim({ seed: 7 })
    const other = await startTestSim({ seed: 8 })
    try {
      const page = { skip: 0, take: 100 }
      const mine = (await sim.client.getReferralLeaderboard(page)).users?.slice(1)
      const sameSeed = (await same.client.getReferralLeaderboard(page)).users
      expect(sameSeed?.slice(0, 20)).toEqual(
        mine?.slice(0, 20).map((u) => ({ ...u, referralProgramRank: u.referralProgramRank - 1 })),
      )
      const otherSeed = (await other.client.getReferralLeaderboard(page)).users
      expect(otherSeed).not.toEqual(sameSeed)
    } finally {
      await Promise.all([same.server.close(), other.server.close()])
    }
  })
})
