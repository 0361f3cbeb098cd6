import type { z } from 'zod'
import type { walletLeaderboardBodySchema } from '../../api/requests/buildLeaderboardBody.ts'
import type { WalletLeaderboard, WalletLeaderboardItem } from '../../api/schemas/leaderboard.ts'
import type { ParticipantTotals, SyntheticPopulation } from './createSyntheticPopulation.ts'
import { type Ranked, rankByFees } from './rankByFees.ts'
import { roundUsd } from './roundUsd.ts'
import type { SimOrderRecord } from './statsObserver.ts'
import { toAddressObject } from './toAddressObject.ts'

type WalletTotals = ParticipantTotals & { address: string }

/** Hex addresses compare case-insensitively; base58 is case-sensitive by nature. */
function walletKey(address: string): string {
  return address.startsWith('0x') ? address.toLowerCase() : address
}

/**
 * Builds one page of the wallet leaderboard (docs/service.md §4.2): the synthetic population plus the
 * executed orders of the store, summed per maker, ranked by fees, paged by skip/take, with the
 * searched wallet (hex in any case, or base58) as searchResult, or null when it has no entry.
 * @see docs/service.md §4.2
 */
export function buildWalletLeaderboard(
  population: SyntheticPopulation['wallets'],
  orders: SimOrderRecord[],
  body: z.output<typeof walletLeaderboardBodySchema>,
): WalletLeaderboard {
  const byKey = new Map<string, WalletTotals>()
  for (const w of population) byKey.set(walletKey(w.address), { ...w })
  for (const order of orders) {
    if (!order.executed) continue
    const key = walletKey(order.maker)
    const totals = byKey.get(key) ?? {
      address: order.maker,
      volumeUsd: 0,
      feesUsd: 0,
      executedOrders: 0,
    }
    totals.volumeUsd += order.volumeUsd
    totals.feesUsd += order.feesUsd
    totals.executedOrders += 1
    byKey.set(key, totals)
  }
  const ranked = rankByFees([...byKey.values()])
  const searchKey = body.walletAddress ? walletKey(body.walletAddress) : undefined
  const found = searchKey ? ranked.find((w) => walletKey(w.address) === searchKey) : undefined
  return {
    users: ranked.slice(body.skip, body.skip + body.take).map(toItem),
    totalCount: ranked.length,
    searchResult: found ? toItem(found) : null,
  }
}

function toItem(w: Ranked<WalletTotals>): WalletLeaderboardItem {
  return {
    walletAddress: toAddressObject(w.address),
    userRank: w.rank,
    totalVolumeUSD: roundUsd(w.volumeUsd),
    totalFeesUSD: roundUsd(w.feesUsd),
    totalExecutedOrders: w.executedOrders,
  }
}
