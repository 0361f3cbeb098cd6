/** An entry with its 1-based rank. */
export type Ranked<T> = T & { rank: number }

/**
 * Orders entries by fees, highest first, and numbers them 1..n (docs/service.md §4.2: the wallets that
 * generated the most fees are at the top). Equal fees keep their input order, so a tie never
 * moves between two requests and paging sees every entry exactly once.
 */
export function rankByFees<T extends { feesUsd: number }>(entries: T[]): Ranked<T>[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.feesUsd - a.entry.feesUsd || a.index - b.index)
    .map(({ entry }, i) => ({ ...entry, rank: i + 1 }))
}
