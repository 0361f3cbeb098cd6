import type { ChainId } from '../../api/schemas/chainId.ts'
import type { PriceSnapshot, TokenUsdPrice, TrustedPriceSource } from './tokenUsdPrice.ts'

/** One pegged price: `token` on `chainId` (EVM hex any case, base58; zero address = native). */
export type FixedPriceEntry = { chainId: ChainId | number; token: string; price: TokenUsdPrice }

/**
 * A {@link TrustedPriceSource} over a fixed peg table: no I/O, the same snapshot every time.
 * EVM addresses are matched case-insensitively. A token missing from the table has no trusted
 * price (the value-flow judge then refuses it as `unpriced`, P-8.6).
 */
export function fixedPriceSource(entries: readonly FixedPriceEntry[]): TrustedPriceSource {
  const table = new Map<string, TokenUsdPrice>()
  for (const e of entries) table.set(keyOf(e.chainId, e.token), e.price)
  const snapshot: PriceSnapshot = { get: (chainId, token) => table.get(keyOf(chainId, token)) }
  return { snapshot: async () => snapshot }
}

function keyOf(chainId: number, token: string): string {
  return `${chainId}:${token.startsWith('0x') ? token.toLowerCase() : token}`
}
