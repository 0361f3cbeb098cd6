/**
 * One configured way to price a token (the config's `prices[]` entry, after parsing): exactly one
 * of `usd` (a fixed peg), `feed` (a Chainlink-style aggregator on an EVM chain) or `sameAs`.
 * Structural, so the price source does not depend on the settings module.
 */
export type TrustedPriceEntry = {
  chainId: number
  /** EVM hex (any case) or Solana base58; the zero address / `111…1` is the native token. */
  token: string
  /** The token's decimals when given; else read from the token contract (EVM) once. */
  decimals?: number | undefined
  /** USD per whole token, fixed. */
  usd?: number | undefined
  /** `chainId` default: the token's chain. `maxAgeMs`: staleness limit against the block time. */
  feed?: { chainId?: number | undefined; address: string; maxAgeMs: number } | undefined
  sameAs?: { chainId: number; token: string } | undefined
}
