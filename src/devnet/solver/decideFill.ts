/** Why the solver leaves an order unfilled. */
export type SkipReason = 'unknownToken' | 'nothingGiven' | 'unprofitable'

/** The devnet solver's verdict on one order; `marginBps` is its margin at the market's prices. */
export type FillDecision =
  | { fill: true; marginBps: number }
  | { fill: false; reason: SkipReason; marginBps: number }

/** Inputs of {@link decideFill}; `undefined` values are tokens the market does not price. */
export type FillEconomics = {
  /** What the order gives the solver on the source chain (its give amount), in USD. */
  giveUsd: number | undefined
  /** What the solver pays on the destination chain (its take amount), in USD. */
  takeUsd: number | undefined
  /** Least margin the solver keeps, in bps of the give. */
  minMarginBps: number
}

/**
 * Decides like a real taker: fill only when the take it pays is worth less than the give it
 * receives, minus its margin (`takeUsd <= giveUsd × (1 − minMarginBps / 10 000)`). An order in a
 * token the market does not price, or one that gives nothing, is never filled: a solver does not
 * pay for what it cannot value. Pure.
 */
export function decideFill(economics: FillEconomics): FillDecision {
  const { giveUsd, takeUsd, minMarginBps } = economics
  if (giveUsd === undefined || takeUsd === undefined) {
    return { fill: false, reason: 'unknownToken', marginBps: 0 }
  }
  if (giveUsd <= 0) return { fill: false, reason: 'nothingGiven', marginBps: 0 }
  const marginBps = ((giveUsd - takeUsd) / giveUsd) * 10_000
  if (marginBps < minMarginBps) return { fill: false, reason: 'unprofitable', marginBps }
  return { fill: true, marginBps }
}
