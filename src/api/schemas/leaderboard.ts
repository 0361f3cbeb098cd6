import { z } from 'zod'
import { addressObjectSchema } from './addressObject.ts'
import { intSchema } from './primitives.ts'

/** Wallet leaderboard item (docs/service.md §2.4), also the type of searchResult. */
export const walletLeaderboardItemSchema = z.looseObject({
  walletAddress: addressObjectSchema,
  userRank: intSchema,
  totalVolumeUSD: z.number(),
  totalFeesUSD: z.number(),
  totalExecutedOrders: intSchema,
})

/** Referral leaderboard item (docs/service.md §2.5), also the type of searchResult. */
export const referralLeaderboardItemSchema = z.looseObject({
  referralCode: intSchema,
  referralProgramRank: intSchema,
  referralsTotalVolumeUsd: z.number(),
  referralsTotalFeesUsd: z.number(),
  referralsTotalExecutedOrders: intSchema,
})

/**
 * Answer of the wallet leaderboard (docs/service.md §4.2). `users` may be null, as the spec says.
 * Leniency: `searchResult` is absent or null when no walletAddress was searched or it has no
 * entry; the spec lists it without saying so, and there is no public example (docs/dln.md §7).
 */
export const walletLeaderboardSchema = z.looseObject({
  users: z.array(walletLeaderboardItemSchema).nullable(),
  totalCount: intSchema,
  searchResult: walletLeaderboardItemSchema.nullish(),
})

/**
 * Answer of the referral leaderboard (docs/service.md §4.3). Leniencies as for the wallet one: `users` may be
 * null and `searchResult` absent or null when nothing was searched.
 */
export const referralLeaderboardSchema = z.looseObject({
  users: z.array(referralLeaderboardItemSchema).nullable(),
  totalCount: intSchema,
  searchResult: referralLeaderboardItemSchema.nullish(),
})

export type WalletLeaderboardItem = z.infer<typeof walletLeaderboardItemSchema>
export type ReferralLeaderboardItem = z.infer<typeof referralLeaderboardItemSchema>
export type WalletLeaderboard = z.infer<typeof walletLeaderboardSchema>
export type ReferralLeaderboard = z.infer<typeof referralLeaderboardSchema>
