import type { ChainId } from '../../api/schemas/chainId.ts'
import type { FixedPriceEntry } from '../../verify/prices/fixedPriceSource.ts'
import type { Market } from './market.ts'

/**
 * The market's current spot prices as peg entries for `fixedPriceSource`, for every token of the
 * given chains (native as the zero address on EVM): the embedded world's trusted prices, which
 * are the prices the devnet's router rates were set from.
 */
export function marketPriceEntries(
  market: Market,
  chainIds: readonly (ChainId | number)[],
): FixedPriceEntry[] {
  const out: FixedPriceEntry[] = []
  for (const chainId of chainIds) {
    for (const token of market.tokensOf(chainId as ChainId)) {
      const usd = market.priceUsd(token.priceSymbol)
      out.push({
        chainId,
        token:
          token.isNative && token.address.startsWith('0x') ? `0x${'0'.repeat(40)}` : token.address,
        price: {
          usdE18: BigInt(Math.round(usd * 1e6)) * 10n ** 12n,
          decimals: token.decimals,
          source: `sim market ${token.priceSymbol}`,
        },
      })
    }
  }
  return out
}
