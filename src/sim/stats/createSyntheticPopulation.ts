import { encodeBase58 } from '../../chains/base58.ts'
import { createSeededRandom } from '../random/createSeededRandom.ts'

/** Totals of one wallet or referral code, before ranking. */
export type ParticipantTotals = {
  volumeUsd: number
  feesUsd: number
  executedOrders: number
}

/** The seeded crowd the leaderboards start from, so they are never empty. */
export type SyntheticPopulation = {
  /** EVM hex (lower case) and base58 wallets. */
  wallets: (ParticipantTotals & { address: string })[]
  referrals: (ParticipantTotals & { referralCode: number })[]
}

/** Sizes of the synthetic population. */
export type SyntheticPopulationOptions = {
  /** Number of wallets. Default 200; one in four is a base58 (Solana) wallet. */
  walletCount?: number
  /** Number of referral codes. Default 50. */
  referralCodeCount?: number
}

/**
 * Creates a deterministic population of wallets and referral codes for the leaderboards
 * (docs/dln.md §7: codes are small integers). Fees come in quarter-dollar steps, so equal fees
 * (ties) happen and the stable tie order is exercised.
 * @param seed the simulator seed; the same seed gives the same population
 */
export function createSyntheticPopulation(
  seed: number,
  options: SyntheticPopulationOptions = {},
): SyntheticPopulation {
  const { walletCount = 200, referralCodeCount = 50 } = options
  const random = createSeededRandom(seed ^ 0x5eed1eaf)
  const totals = (): ParticipantTotals => {
    const feesUsd = Math.round(random() * 400) / 4
    return {
      feesUsd,
      volumeUsd: Math.round(feesUsd * (800 + random() * 700) * 100) / 100,
      executedOrders: 1 + Math.floor(random() * 50),
    }
  }
  const bytes = (n: number): Uint8Array =>
    Uint8Array.from({ length: n }, () => Math.floor(random() * 256))
  const wallets = Array.from({ length: walletCount }, (_, i) => {
    const address =
      i % 4 === 3 ? encodeBase58(bytes(32)) : `0x${Buffer.from(bytes(20)).toString('hex')}`
    return { address, ...totals() }
  })
  const codes = new Set<number>()
  while (codes.size < referralCodeCount) codes.add(1000 + Math.floor(random() * 39_000))
  const referrals = [...codes].map((referralCode) => ({ referralCode, ...totals() }))
  return { wallets, referrals }
}
