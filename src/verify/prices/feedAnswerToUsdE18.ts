/** One `latestRoundData()` answer of a feed, with the feed's `decimals()`. */
export type FeedRound = {
  answer: bigint
  /** Unix seconds. */
  updatedAt: bigint
  decimals: number
}

/** Why a feed gives no price, or its price in USD per whole token with 18 decimals. */
export type FeedPrice = { usdE18: bigint } | { problem: string }

/**
 * Judges one feed answer (safety P-8.8): an answer of 0 or less, or one older than `maxAgeMs`
 * measured against the feed chain's latest block timestamp (never the host clock), is no price.
 * An `updatedAt` ahead of the block counts as age 0. Scales the answer to 18 decimals, flooring
 * feeds with more. Pure.
 * @param blockTimestampSec the latest block's timestamp on the feed's chain, Unix seconds.
 */
export function feedAnswerToUsdE18(
  round: FeedRound,
  blockTimestampSec: bigint,
  maxAgeMs: number,
): FeedPrice {
  if (round.answer <= 0n) return { problem: `the feed answered ${round.answer} (not above 0)` }
  const ageSec = blockTimestampSec > round.updatedAt ? blockTimestampSec - round.updatedAt : 0n
  if (ageSec * 1000n > BigInt(maxAgeMs))
    return {
      problem: `the feed is stale: updated ${ageSec} s before the latest block, limit ${maxAgeMs} ms`,
    }
  const usdE18 =
    round.decimals <= 18
      ? round.answer * 10n ** BigInt(18 - round.decimals)
      : round.answer / 10n ** BigInt(round.decimals - 18)
  if (usdE18 <= 0n) return { problem: `the feed answered ${round.answer}, below 1e-18 USD` }
  return { usdE18 }
}

/** A peg in USD per whole token as 18-decimal fixed point, kept to 6 decimals (1 → 1e18). */
export function pegUsdE18(usd: number): bigint {
  return BigInt(Math.round(usd * 1e6)) * 10n ** 12n
}
