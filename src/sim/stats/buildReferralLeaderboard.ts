import type { z } from 'zod'
import type { referralLeaderboardBodySchema } from '../../api/requests/buildLeaderboardBody.ts'
import type { ReferralLeaderboard, ReferralLeaderboardItem } from '../../api/schemas/leaderboard.ts'
import type { ParticipantTotals, SyntheticPopulation } from './createSyntheticPopulation.ts'
import { type Ranked, rankByFees } from './rankByFees.ts'
import { roundUsd } from './roundUsd.ts'
import type { SimOrderRecord } from './statsObserver.ts'

type ReferralTotals = ParticipantTotals & { referralCode: number }

/**
 * Builds one page of the referral leaderboard (docs/service.md §4.3): the synthetic codes plus the executed
 * orders of the store that carry a referral code, ranked by fees, paged by skip/take, with the
 * searched referralCode as searchResult, or null when it has no entry.
 * @see docs/service.md §4.3
 */
export function buildReferralLeaderboard(
  population: SyntheticPopulation['referrals'],
  orders: SimOrderRecord[],
  body: z.output<typeof referralLeaderboardBodySchema>,
): ReferralLeaderboard {
  const byCode = new Map<number, ReferralTotals>()
  for (const r of population) byCode.set(r.referralCode, { ...r })
  for (const order of orders) {
    if (!order.executed || order.referralCode === undefined) continue
    const totals = byCode.get(order.referralCode) ?? {
      referralCode: order.referralCode,
      volumeUsd: 0,
      feesUsd: 0,
      executedOrders: 0,
    }
    totals.volumeUsd += order.volumeUsd
    totals.feesUsd += order.feesUsd
    totals.executedOrders += 1
    byCode.set(order.referralCode, totals)
  }
  const ranked = rankByFees([...byCode.values()])
  const found =
    body.referralCode === undefined
      ? undefined
      : ranked.find((r) => r.referralCode === body.referralCode)
  return {
    users: ranked.slice(body.skip, body.skip + body.take).map(toItem),
    totalCount: ranked.length,
    searchResult: found ? toItem(found) : null,
  }
}

function toItem(r: Ranked<ReferralTotals>): ReferralLeaderboardItem {
  return {
    referralCode: r.referralCode,
    referralProgramRank: r.rank,
    referralsTotalVolumeUsd: roundUsd(r.volumeUsd),
    referralsTotalFeesUsd: roundUsd(r.feesUsd),
    referralsTotalExecutedOrders: r.executedOrders,
  }
}
