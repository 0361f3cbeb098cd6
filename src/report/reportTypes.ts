/**
 * The vocabulary of `ferry report`: what {@link buildReportData} shapes from the journal, what
 * `ferry report --json` prints (bigints as decimal strings) and what the HTML page inlines.
 * Amounts are bigint base units with their decimals beside them, USD values are numbers, times
 * are clock ms since the epoch, durations `*Ms`, basis points `*Bps`.
 */

import type {
  ApprovalRecord,
  AttemptRecord,
  HexText,
  HookStepRecord,
  IntentState,
  OrderRecord,
  OrderState,
  QuoteRecord,
} from '../store/contract/journalTypes.ts'
import type { ReplaySection } from './replaySectionTypes.ts'

/**
 * How an intent or a decision ended, for the outcome counts:
 * - `completed`, `failed`, `cancelled`: terminal intent states (a verification refusal is not
 *   counted as failed but as refused);
 * - `refused`: a risk check rejected the decision (journaled as an observation, never sent), or
 *   the verifier refused to sign the transaction (safety P-1.x);
 * - `postponed`: a risk check deferred the decision (in-flight budget, route cooldown);
 * - `dryRun`: accepted, but the run was a dry run, so nothing was signed;
 * - `inFlight`: journaled, not terminal yet.
 */
export type OutcomeKind =
  | 'completed'
  | 'failed'
  | 'refused'
  | 'cancelled'
  | 'postponed'
  | 'dryRun'
  | 'inFlight'

/** Every {@link OutcomeKind}, in the order the report shows them. */
export const OUTCOME_KINDS: readonly OutcomeKind[] = [
  'completed',
  'failed',
  'refused',
  'cancelled',
  'postponed',
  'dryRun',
  'inFlight',
]

/** One reason decisions or transactions were refused, with how often. */
export type RefusalCount = {
  /** A risk check's reject reason (e.g. `costTooHigh`), or `verification` for the verifier. */
  reason: string
  count: number
}

/** The quote a decision was made on, as the engine journals it (see createEngine). */
export type DecisionQuote = {
  /** When the service answered, ms. */
  quotedAtMs: number
  amountInUsd: number | undefined
  /** Expected output, base units of the output token. */
  amountOut: bigint
  amountOutUsd: number | undefined
  outDecimals: number
  /** Full cost in bps of the input's USD value (P-7.9). */
  costBps: number | undefined
  /** USD of each kind of cost (orderCostsUsd.ts kinds). */
  costsUsd: Readonly<Record<string, number>>
  /** Swap quotes: edge over the best compared aggregator, bps. */
  edgeBps: number | undefined
}

/** One point of a route's quoted-vs-realized chart: one intent. */
export type OutputPoint = {
  intentId: string
  /** When the quote was answered, ms. */
  atMs: number
  /** The quote's expected output, base units. */
  quotedAmountOut: bigint
  /** What the order's recipient got at the fill, base units; undefined until filled. */
  realizedAmountOut: bigint | undefined
  outDecimals: number
  /** `(quoted − realized) / quoted` in bps: positive when less arrived than quoted. */
  shortfallBps: number | undefined
}

/** Quoted vs realized output of one route over time. */
export type RouteOutput = {
  /** The route key, e.g. `42161:0xaf88…->8453:0x8335…`. */
  route: string
  /** For people: `Arbitrum USDC → Base USDC`. */
  label: string
  /** Symbol (or short address) of the output token, the unit of the chart's y axis. */
  outSymbol: string
  points: OutputPoint[]
}

/** Costs of one kind over all orders with a decision quote. */
export type CostKindTotal = {
  kind: string
  totalUsd: number
  /** totalUsd over the orders that had a quote, USD. */
  perOrderUsd: number
}

/** Costs of one intent's quote, by kind. */
export type OrderCosts = {
  intentId: string
  atMs: number
  costsUsd: Readonly<Record<string, number>>
  totalUsd: number
}

/** One edge over the compared aggregators. */
export type EdgePoint = {
  atMs: number
  /** `intent`: the quote of a journaled intent; `observation`: a strategy's observation. */
  source: 'intent' | 'observation'
  strategy: string
  edgeBps: number
  /** The strategy's threshold (e.g. arbitrage minEdgeBps), when the record carries one. */
  thresholdBps: number | undefined
  acted: boolean
}

/** The pipeline stages whose durations the report distributes. */
export type LatencyStageName = 'intentToCreated' | 'createdToFilled' | 'filledToHookDone'

/** One bin of a latency histogram: samples in [fromMs, toMs). */
export type LatencyBin = { fromMs: number; toMs: number; count: number }

/** The distribution of one stage's durations. */
export type LatencyStage = {
  stage: LatencyStageName
  /** For people: `intent → order created`. */
  label: string
  count: number
  /** Median, 90th percentile and maximum, ms (nearest rank); undefined without samples. */
  p50Ms: number | undefined
  p90Ms: number | undefined
  maxMs: number | undefined
  samplesMs: number[]
  histogram: LatencyBin[]
}

/** One observation of an arbitrage experiment, acted on or not. */
export type ArbitrageObservation = {
  /** Journal row id. */
  id: number
  strategy: string
  /** `aggregatorEdge` or `roundTrip` (strategies/arbitrage.ts), or another kind of the strategy. */
  kind: string
  atMs: number
  /** The figure judged (edge or net profit), bps; undefined when nothing could be compared. */
  valueBps: number | undefined
  thresholdBps: number | undefined
  /** valueBps − thresholdBps: how far it cleared (≥ 0) or missed the threshold. */
  marginBps: number | undefined
  /** Whether the value met the threshold (in paper mode it clears without acting). */
  clears: boolean
  /** Whether an intent came out of it. */
  acted: boolean
  note: string
}

/** A signed attempt without its raw bytes (`ferry history --intent` shows those). */
export type ReportAttempt = Omit<AttemptRecord, 'rawTx'>

/** Everything the journal holds for one intent, as the report links it from the table. */
export type IntentJournalEntries = {
  params: unknown
  quotes: QuoteRecord[]
  approvals: ApprovalRecord[]
  attempts: ReportAttempt[]
  orders: OrderRecord[]
  hookSteps: HookStepRecord[]
}

/** One journaled intent as a row of the orders table, with its journal entries. */
export type ReportOrderRow = {
  intentId: string
  strategy: string
  route: string
  routeLabel: string
  state: IntentState
  /** Why it reached its state (a reject reason, an error's short message). */
  reason: string | undefined
  /** True when the verifier refused to sign (counted as refused, not failed). */
  refusedByVerifier: boolean
  /** The intent's (first) order; undefined for swaps and intents that never created one. */
  orderId: HexText | undefined
  orderState: OrderState | undefined
  createdMs: number
  notionalUsd: number
  quotedAmountOut: bigint | undefined
  realizedAmountOut: bigint | undefined
  outDecimals: number | undefined
  outSymbol: string
  shortfallBps: number | undefined
  costBps: number | undefined
  costsUsd: number | undefined
  /** Journal time from the intent to its order's creation, ms. */
  intentToCreatedMs: number | undefined
  /** From the order's creation to its fill, ms. */
  createdToFilledMs: number | undefined
  /** From the fill to the last hook step Executed, ms. */
  filledToHookDoneMs: number | undefined
  /** From the intent to its terminal state, ms; undefined while in flight. */
  endToEndMs: number | undefined
  journal: IntentJournalEntries
}

/** What `ferry report` shows, and prints with `--json`. */
export type ReportData = {
  /** When the report was made, ms. */
  generatedAtMs: number
  /** Absolute path of the journal read. */
  journalPath: string
  /** Start of the window (`--since`), ms; undefined: the whole journal. */
  sinceMs: number | undefined
  /** First and last journal time of what the report holds, ms; undefined when empty. */
  firstMs: number | undefined
  lastMs: number | undefined
  /** True when the window holds no intent and no observation. */
  empty: boolean
  summary: {
    intents: number
    orders: number
    observations: number
    /** Notional of the journaled intents, USD at quote time. */
    notionalUsd: number
    /** Costs of the journaled intents' quotes, USD. */
    costsUsd: number
  }
  outcomes: Record<OutcomeKind, number>
  refusals: RefusalCount[]
  routes: RouteOutput[]
  costs: { byKind: CostKindTotal[]; perOrder: OrderCosts[] }
  edges: EdgePoint[]
  latency: LatencyStage[]
  arbitrage: ArbitrageObservation[]
  /** One row per journaled intent, oldest first. */
  orders: ReportOrderRow[]
  /**
   * Chains whose config (`--config`) says `verify.simulation: off`: ferry signs there without
   * simulating first (safety P-8.10). Absent without `--config`.
   */
  simulationOffChains?: number[]
  /** `ferry replay --out`: the replayed configs beside the journal. Absent in `ferry report`. */
  replay?: ReplaySection[]
}
