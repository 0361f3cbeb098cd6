import { priceTokenKey } from '../../common/priceTokenKey.ts'
import type { TrustedPriceEntry } from './trustedPriceEntry.ts'

/** Where a token's price comes from: its own entry, and the peg or feed entry its sameAs ends at. */
export type PriceRoot = {
  /** The token's own entry (its decimals are the token's). */
  own: TrustedPriceEntry
  /** The entry with the `usd` peg or the `feed`: `own` itself unless it says sameAs. */
  root: TrustedPriceEntry
}

/**
 * Follows `sameAs` from the entry of (`chainId`, `token`) to a peg or a feed. Undefined when the
 * token has no entry, a sameAs target is missing, or the chain loops (the config schema refuses
 * both; this stays total anyway). EVM addresses compare case-insensitively. Pure.
 */
export function resolvePriceRoot(
  byKey: ReadonlyMap<string, TrustedPriceEntry>,
  chainId: number,
  token: string,
): PriceRoot | undefined {
  const own = byKey.get(priceTokenKey(chainId, token))
  let root = own
  for (let hops = 0; root?.sameAs; hops++) {
    if (hops >= byKey.size) return undefined
    root = byKey.get(priceTokenKey(root.sameAs.chainId, root.sameAs.token))
  }
  if (own === undefined || root === undefined) return undefined
  if (root.usd === undefined && root.feed === undefined) return undefined
  return { own, root }
}

/** Indexes entries by {@link priceTokenKey}. */
export function indexPriceEntries(
  entries: readonly TrustedPriceEntry[],
): Map<string, TrustedPriceEntry> {
  return new Map(entries.map((e) => [priceTokenKey(e.chainId, e.token), e]))
}
