import type { z } from 'zod'
import type { createTxParamsSchema } from '../../api/requests/buildCreateTxQuery.ts'
import type { swapTxParamsSchema } from '../../api/requests/buildSwapTxQuery.ts'
import type { OrderQuote } from '../../api/schemas/orderQuote.ts'
import type { SwapQuote } from '../../api/schemas/swapQuote.ts'
import type { Clock } from '../../common/clock.ts'
import type { Logger } from '../../common/Logger.ts'
import type { ChainStateReader } from '../chainState/chainStateReader.ts'
import type { faultKnobsSchema } from '../faults/faultKnobsSchema.ts'
import type { StatsStore } from '../stats/createStatsStore.ts'
import type { SyntheticPopulationOptions } from '../stats/createSyntheticPopulation.ts'

/** Validated create-tx parameters (docs/service.md §4.4), as the quote builder receives them. */
export type CreateTxInput = z.output<typeof createTxParamsSchema>
/** Validated chain/transaction parameters (docs/service.md §4.5). */
export type SwapTxInput = z.output<typeof swapTxParamsSchema>

/** What the server tells a quote builder about the request. */
export type SimQuoteContext = {
  /** Time of the request, ms since the epoch, from the server's clock. */
  nowMs: number
}

/**
 * Builds the create-tx answer (docs/service.md §2.6) of validated parameters. It must leave `tx` out when a
 * rule-1 address is missing. A throw whose error carries a string `errorId` (and optionally a
 * numeric `errorCode`) becomes a 400 with that errorId; any other throw becomes a 500.
 */
export type QuoteOrderFn = (
  params: CreateTxInput,
  ctx: SimQuoteContext,
) => OrderQuote | Promise<OrderQuote>

/** Builds the chain/transaction answer (docs/service.md §2.9); errors as for {@link QuoteOrderFn}. */
export type QuoteSwapFn = (
  params: SwapTxInput,
  ctx: SimQuoteContext,
) => SwapQuote | Promise<SwapQuote>

/** Everything the simulator's HTTP layer is built from. Only the two quote builders are required. */
export type SimServerDeps = {
  quoteOrder: QuoteOrderFn
  quoteSwap: QuoteSwapFn
  /** Order store behind the stats endpoints. Default: a new empty store. */
  stats?: StatsStore
  /** Chain state for `enableEstimate` (docs/service.md §7 rule 2). Default: unlimited balances and allowances. */
  chainState?: ChainStateReader
  /** Time source of rate limits, latency and quote contexts. Default: the system clock. */
  clock?: Clock
  /** Seed of the fault draws and the leaderboard population. Default 1. */
  seed?: number
  /** Requests per minute per endpoint; 429 with Retry-After beyond it. Default: off. */
  rateLimitPerMinute?: number
  /**
   * Window of `rateLimitPerMinute` in ms. Default 60 000; shorter to compress time in tests and
   * benches (the limit then counts per window).
   */
  rateLimitWindowMs?: number
  /** Fault knobs, see faultKnobsSchema. Default: all off. */
  faults?: z.input<typeof faultKnobsSchema>
  /** Size of the synthetic leaderboard population. */
  population?: SyntheticPopulationOptions
  /**
   * Parse every quote answer with the client's schema before sending it, and answer 500 if it
   * fails (the simulator checks itself against the contract). Default true.
   */
  selfCheck?: boolean
  logger?: Logger
}
