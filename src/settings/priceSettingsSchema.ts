import { z } from 'zod'
import { checkPriceEntries } from './checkPriceEntries.ts'
import { configFields } from './configFields.ts'
import { withFix } from './withFix.ts'

/** Default staleness limit of a price feed: 1 hour, measured against the chain's latest block. */
export const DEFAULT_FEED_MAX_AGE_MS = 3_600_000

/** A token by chain and address (EVM 0x hex, any case; Solana base58). */
const tokenRefSchema = z.strictObject({
  /** Service chain id, e.g. 42161. */
  chainId: configFields.chainId,
  /** Token address; the zero address (EVM) or `11111111111111111111111111111111` (Solana) = native. */
  token: configFields.address,
})

/**
 * A Chainlink-style aggregator (`latestRoundData()`, `decimals()`) answering USD per whole token.
 */
const feedSchema = z.strictObject({
  /**
   * EVM chain the feed lives on; it must be in `chains` with an RPC. Default: the token's chain
   * (e.g. a SOL/USD feed read on 42161).
   */
  chainId: configFields.chainId.optional(),
  /** The aggregator's address, 0x hex. */
  address: configFields.evmAddress,
  /**
   * Oldest answer ferry takes, ms between the feed's `updatedAt` and the feed chain's latest
   * block timestamp (never the host clock). Default 3 600 000 (1 h).
   */
  maxAgeMs: configFields.ms
    .min(1_000, { error: withFix('is under one second', 'write e.g. 3600000 (1 h)') })
    .default(DEFAULT_FEED_MAX_AGE_MS),
})

/**
 * One `prices[]` entry: how ferry values one token (safety P-8.8), exactly one of `usd` (a fixed
 * peg), `feed` (an on-chain feed) or `sameAs` (the price of the same asset on another chain).
 */
export const priceEntrySchema = z.strictObject({
  ...tokenRefSchema.shape,
  /**
   * The token's decimals. Default: EVM tokens read `decimals()` from the token contract once
   * (native = the chain's native decimals); Solana tokens other than native SOL must give it.
   */
  decimals: z
    .number({ error: withFix('must be the token decimals', 'write an integer such as 6') })
    .int({ error: withFix('must be whole decimals', 'write an integer such as 6') })
    .min(0, { error: withFix('must not be negative', 'write 0..36') })
    .max(36, { error: withFix('is above 36', 'write the token decimals, 0..36') })
    .optional(),
  /**
   * Fixed USD price of one whole token, e.g. 1 for a USD stablecoin; kept to 6 decimals. Only for
   * tokens that are redeemable 1:1: a peg never moves, even when the market does.
   */
  usd: z
    .number({ error: withFix('must be a USD price', 'write a plain number such as 1') })
    .positive({ error: withFix('must be above 0', 'write the peg, e.g. 1') })
    .optional(),
  feed: feedSchema.optional(),
  /** Take the price of this token (same asset, e.g. USDC on another chain). No cycles. */
  sameAs: tokenRefSchema.optional(),
})
export type PriceEntry = z.infer<typeof priceEntrySchema>

/**
 * The `prices` section: the USD prices ferry trusts for value-flow checks (safety P-8.6, P-8.8),
 * one entry per token ferry may give or take. Never the service's USD figures. Checked at parse
 * time: one kind per entry, addresses of the token's chain, no duplicates, every `sameAs` target
 * listed, no `sameAs` cycles, EVM feed chains, decimals for Solana tokens. Default none (then
 * `mode: live` refuses any strategy that moves tokens).
 */
export const priceSettingsSchema = z.array(priceEntrySchema).superRefine(checkPriceEntries)
export type PriceSettings = z.infer<typeof priceSettingsSchema>
