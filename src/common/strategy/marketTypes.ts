/**
 * The engine's vocabulary: what strategies and risk checks receive and return. Everything here is
 * plain data (bigint amounts in base units, `*Usd` numbers, `*Bps` numbers, `*Ms` durations), so
 * `plan`, `decide` and every `check*` stay pure (docs/architecture.md §1).
 *
 * This file imports nothing at run time: strategies/ and engine/risk/ may import it freely.
 */

/**
 * A chain id of the service (docs/service.md §4.4): the internal id, e.g. 42161 Arbitrum, 8453 Base,
 * 7565164 Solana. Kept as a plain number here; the engine checks it against the chain registry.
 */
export type EngineChainId = number

/** One balance of one of our wallets, read by the engine before the tick (chain adapters). */
export type TokenBalance = {
  chainId: EngineChainId
  /** Token address as the service writes it; the zero address / system program for the native. */
  token: string
  symbol: string
  decimals: number
  /** True for the chain's native currency (gas). */
  isNative: boolean
  /** Our wallet that holds the balance on this chain (the recipient of moves *to* this chain). */
  owner: string
  /** Balance in base units. */
  amount: bigint
  /** USD price of one whole token, or undefined when no quote priced it yet. */
  priceUsd: number | undefined
  /**
   * Native balances only, when another account pays this chain's gas: in a Safe account the
   * owner is the Safe (it pays the give and the fixed fee) and this is the key that signs and pays
   * the gas, with its native balance in base units. `risk.gasReserve` is held against it
   * (docs/safety.md "Treasury accounts"). Absent when the owner pays its own gas.
   */
  gasPayer?: { address: string; amount: bigint }
}

/** The world as one tick sees it: time, balances and prices, fixed for the whole tick. */
export type MarketSnapshot = {
  /** Wall time of the tick, ms since the epoch: the only clock a strategy or check may read. */
  nowMs: number
  /** Our balances, one entry per (chain, token) the config mentions, natives included. */
  balances: readonly TokenBalance[]
  /**
   * USD prices of whole tokens keyed by `${chainId}:${token}` (token lower-cased for EVM chains),
   * from the latest quotes (approximateUsdValue / amount).
   */
  pricesUsd: Readonly<Record<string, number>>
  /**
   * ferry's intents still on their way (any strategy's), so a strategy does not send the same move
   * twice while the first is in flight. Default empty.
   */
  inFlight: readonly InFlightIntent[]
}

/** An intent journaled and not yet ended, as strategies see it. */
export type InFlightIntent = {
  intentId: string
  /** The strategy instance that made it. */
  strategy: string
  route: RouteRequest
  /** Input, base units of the source token. */
  amountIn: bigint
  /** Least output, base units of the destination token. */
  minAmountOut: bigint
  notionalUsd: number
  /**
   * Whether the input surely left the wallet already (an order exists), so the balance shows it;
   * before that it may still leave.
   */
  sourceDebited: boolean
  /** Whether the output arrived (the order is filled; a hook may still run). */
  arrived: boolean
}

/**
 * A hook to run on the destination after the fill (docs/service.md §4.4 `dlnHook`/netHook), as data. The
 * engine validates it against the api's netHook schema before any request (safety P-7.6).
 */
export type IntentHook = {
  type: 'evm_transaction_call' | 'evm_hook_data_v1' | 'solana_serialized_instructions'
  data: Readonly<Record<string, string | number | boolean>>
}

/** Fields every route request has. */
type RouteRequestBase = {
  /** Unique within one plan, stable across ticks, e.g. `rebalance-usdc:42161->8453`. */
  requestId: string
  /**
   * The route key risk limits, cooldowns and daily notional are counted against, e.g.
   * `42161:0xaf88…->8453:0x8335…`. Round trips use one route id per leg.
   */
  routeId: string
  /** Amount to sell, in base units of the input token. */
  amountIn: bigint
  /** Who receives the output (our own wallet for rebalance, the treasury for sweep). */
  recipient: string
}

/** A cross-chain order to quote through create-tx (docs/service.md §4.4). */
export type CrossChainRouteRequest = RouteRequestBase & {
  kind: 'crossChain'
  srcChainId: EngineChainId
  srcToken: string
  dstChainId: EngineChainId
  dstToken: string
  hook?: IntentHook
}

/** A single-chain swap to quote through chain/transaction (docs/service.md §4.5). */
export type SwapRouteRequest = RouteRequestBase & {
  kind: 'swap'
  chainId: EngineChainId
  tokenIn: string
  tokenOut: string
}

/** What a strategy asks the engine to quote. */
export type RouteRequest = CrossChainRouteRequest | SwapRouteRequest

/** One aggregator the service compared its swap with (docs/service.md §2.9 comparedAggregators). */
export type ComparedAggregatorQuote = {
  name: string
  /** Output of that aggregator, base units of the output token. */
  amountOut: bigint
  amountOutUsd: number
}

/**
 * The parts of a quote a strategy or a risk check needs, parsed by the engine from the service's
 * answer (docs/service.md §2.6 order quote, §2.9 swap quote).
 */
export type QuoteObservation = {
  request: RouteRequest
  /** When the answer arrived, ms since the epoch (a prepared tx expires 30 s later, P-7.7). */
  quotedAtMs: number
  /** Input actually taken, base units (with prepended operating expenses if any). */
  amountIn: bigint
  amountInUsd: number
  /**
   * Expected output, base units: `dstChainTokenOut.recommendedAmount` for a cross-chain order,
   * `tokenOut.amount` for a swap.
   */
  amountOut: bigint
  /** USD value of {@link amountOut}. */
  amountOutUsd: number
  /**
   * Guaranteed output, base units: `dstChainTokenOut.amount` for an order (the order's take
   * amount), `tokenOut.minAmount` for a swap.
   */
  minAmountOut: bigint
  outDecimals: number
  /** Source-chain native spend beyond amountIn, base units: fixFee + estimated tx fee. */
  nativeCost: bigint
  /**
   * The part of {@link nativeCost} paid as gas by the signing key (the estimated tx fee), base
   * units; the rest is value the wallet sends (fixFee). Undefined: not known apart, and all of
   * nativeCost is counted as gas too.
   */
  nativeGasCost?: bigint
  /** USD value of {@link nativeCost}. */
  nativeCostUsd: number
  /**
   * Full cost in bps of amountInUsd:
   * `(amountInUsd − amountOutUsd + nativeCostUsd) / amountInUsd × 10 000` (P-7.9).
   */
  costBps: number
  /**
   * USD of each kind of cost (orderCostsUsd.ts): fixFee, txFee, protocolFee, takerMargin,
   * operatingExpenses, swap, slippage. For a swap quote: its txFee and the `swap` spread.
   */
  costsUsd: Readonly<Partial<Record<CostKind, number>>>
  /** The service's `usdPriceImpact` in bps, when it sent a number. */
  priceImpactBps: number | undefined
  /** Swap quotes only: the other aggregators (empty for cross-chain orders). */
  comparedAggregators: readonly ComparedAggregatorQuote[]
}

/**
 * What a strategy wants executed: one quoted route, with its bounds. The engine journals it under
 * the strategy instance id that produced it.
 */
export type Intent = {
  route: RouteRequest
  /** The quote the decision was made on; risk checks judge this data. */
  quote: QuoteObservation
  /** Amount to sell, base units. */
  amountIn: bigint
  /** Least acceptable output, base units; the verifier holds the calldata to it (P-1.x). */
  minAmountOut: bigint
  recipient: string
  hook?: IntentHook
  /** USD value of amountIn at quote time, the figure caps are counted in. */
  notionalUsd: number
  /** Why, in one line, for the journal and the live view. */
  reason: string
}

/**
 * A record of what a strategy saw, acted on or not (arbitrage edges, skipped rebalances), kept in
 * the journal (under the strategy instance id) for later analysis.
 */
export type StrategyObservation = {
  /** e.g. `rebalance`, `sweep`, `aggregatorEdge`, `roundTrip`. */
  kind: string
  requestIds: readonly string[]
  atMs: number
  /** The figure judged (cost, edge or profit) in bps, when there was one. */
  valueBps: number | undefined
  /** The threshold it was judged against, in bps. */
  thresholdBps: number | undefined
  /** Whether an intent came out of it. */
  acted: boolean
  note: string
}

/**
 * Kinds of cost an order pays, in USD (safety P-7.9): the flat `fixFee` and the source
 * transaction's gas (`txFee`), then the service's cost items: `protocolFee` (DlnProtocolFee),
 * `takerMargin`, `operatingExpenses` (EstimatedOperatingExpenses), `swap` (PreSwap/AfterSwap: the
 * swap's own price), `slippage` (their estimated slippage), and `other` for a type the service adds
 * later.
 */
export type CostKind =
  | 'fixFee'
  | 'txFee'
  | 'protocolFee'
  | 'takerMargin'
  | 'operatingExpenses'
  | 'swap'
  | 'slippage'
  | 'other'
