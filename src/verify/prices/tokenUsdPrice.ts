import type { ChainId } from '../../api/schemas/chainId.ts'

/**
 * The USD price of one whole token as ferry trusts it (a configured peg, an on-chain feed, or the
 * price of the same asset on another chain), never the service's own figures. `usdE18` is USD per
 * whole token as fixed point with 18 decimals; `decimals` are the token's own.
 */
export type TokenUsdPrice = {
  usdE18: bigint
  decimals: number
  /** Where the price came from, for error lines: `peg 1`, `feed 0x…@42161`, `same as …`. */
  source: string
}

/** Trusted prices read at one moment: a pure lookup for the value-flow judge. */
export type PriceSnapshot = {
  /** The trusted price of `token` (EVM hex any case, Solana base58; zero address = native). */
  get(chainId: ChainId, token: string): TokenUsdPrice | undefined
}

/** Reads trusted prices (feeds may need RPC reads) for the tokens one payload moves. */
export type TrustedPriceSource = {
  snapshot(tokens: readonly { chainId: ChainId; token: string }[]): Promise<PriceSnapshot>
}

/** USD value of `amount` base units at `price`, as fixed point with 18 decimals, floored. */
export function valueUsdE18(price: TokenUsdPrice, amount: bigint): bigint {
  return (amount * price.usdE18) / 10n ** BigInt(price.decimals)
}
