import { z } from 'zod'
import type { IntentHistory, JournalActivity } from '../store/createJournalQueries.ts'
import { TERMINAL_INTENT_STATES } from '../store/journalTypes.ts'
import { buildLatencyStage } from './buildLatencyStage.ts'
import { describeRouteKey } from './describeRouteKey.ts'
import { readDecisionQuote } from './readDecisionQuote.ts'
import type {
  ArbitrageObservation,
  CostKindTotal,
  DecisionQuote,
  EdgePoint,
  OrderCosts,
  OutcomeKind,
  ReportData,
  ReportOrderRow,
  RouteOutput,
} from './reportTypes.ts'

/** Inputs of {@link buildReportData}. */
export type BuildReportDataParams = {
  /** The journal's `activitySince(sinceMs)`. */
  activity: JournalActivity
  /** Absolute path of the journal, shown in the report. */
  journalPath: string
  /** When the report is made, ms. */
  generatedAtMs: number
  /** Start of the window, ms; undefined for the whole journal. */
  sinceMs: number | undefined
  /**
   * Strategy instance ids running the `arbitrage` strategy (from `--config`): all their
   * observations are experiments. Without it, observations of the arbitrage kinds still are.
   */
  arbitrageStrategyIds?: readonly string[]
}

type RowWithQuote = { row: ReportOrderRow; quote: DecisionQuote | undefined }

/** Observation kinds of strategies/arbitrage.ts: every one is an experiment's record. */
const ARBITRAGE_KINDS: readonly string[] = ['aggregatorEdge', 'roundTrip']

/** Cost kinds in the engine's order (orderCostsUsd.ts); kinds it adds later follow, by name. */
const COST_KIND_ORDER: readonly string[] = [
  'fixFee',
  'txFee',
  'protocolFee',
  'takerMargin',
  'operatingExpenses',
  'swap',
  'slippage',
  'other',
]

// The VerificationError prefix (src/chains/verify): the engine journals its short message as the
// failed intent's reason, the only trace of a refusal to sign in the journal.
const VERIFIER_REFUSAL_PREFIX = 'refusing to sign'

// Observations are what strategies and the engine chose to record; only these fields are read.
const observationSchema = z.object({
  kind: z.string(),
  valueBps: z.number().nullish(),
  thresholdBps: z.number().nullish(),
  acted: z.boolean().optional(),
  note: z.string().optional(),
  verdict: z.object({ kind: z.string(), reason: z.string().optional() }).optional(),
})

/**
 * Shapes what `ferry report` shows from one consistent read of the journal: per route the quoted
 * output (the decision quote's `amountOut`) against the realized one (the order's
 * `filledAmount`); costs by kind, summed and per order; the edge over compared aggregators from
 * intents and observations; the latency of each pipeline stage from journal times (intent →
 * order created: the order record's creation; created → filled: the order's last update once its
 * fill is journaled, which ferry does not move afterwards; filled → hook done: the last hook step
 * to turn Executed); outcome counts (refusals and dry runs come from the engine's `decision` and
 * `dryRun` observations, as they are never journaled as intents); every arbitrage observation
 * with its value against its threshold; and one table row per intent with its journal entries.
 * Records of an unexpected shape are passed over, not fatal. Pure.
 */
export function buildReportData(params: BuildReportDataParams): ReportData {
  const { activity } = params
  const arbitrageIds = new Set(params.arbitrageStrategyIds ?? [])
  const outcomes: Record<OutcomeKind, number> = {
    completed: 0,
    failed: 0,
    refused: 0,
    cancelled: 0,
    postponed: 0,
    dryRun: 0,
    inFlight: 0,
  }
  const refusals = new Map<string, number>()
  const refuse = (reason: string): void => {
    outcomes.refused++
    refusals.set(reason, (refusals.get(reason) ?? 0) + 1)
  }
  const times: number[] = []

  // The decision quote is read once per intent; rows and charts share it.
  const entries = activity.intents.map((history) => {
    const quote = readDecisionQuote(history.quotes)
    return { row: toOrderRow(history, quote), quote }
  })
  const orders = entries.map((entry) => entry.row)
  for (const row of orders) {
    if (row.refusedByVerifier) refuse('verification')
    else if (row.state === 'completed' || row.state === 'failed' || row.state === 'cancelled') {
      outcomes[row.state]++
    } else outcomes.inFlight++
  }
  for (const history of activity.intents) {
    times.push(history.intent.createdMs, history.intent.updatedMs)
    for (const order of history.orders) times.push(order.createdMs, order.updatedMs)
    for (const step of history.hookSteps) times.push(step.updatedMs)
  }

  const edges: EdgePoint[] = []
  for (const { row, quote } of entries) {
    if (quote?.edgeBps === undefined) continue
    edges.push({
      atMs: quote.quotedAtMs,
      source: 'intent',
      strategy: row.strategy,
      edgeBps: quote.edgeBps,
      thresholdBps: undefined,
      acted: true,
    })
  }

  const arbitrage: ArbitrageObservation[] = []
  for (const record of activity.observations) {
    times.push(record.observedMs)
    const parsed = observationSchema.safeParse(record.data)
    if (!parsed.success) continue
    const o = parsed.data
    if (o.kind === 'decision') {
      if (o.verdict?.kind === 'reject') refuse(o.verdict.reason ?? 'unknown')
      else if (o.verdict?.kind === 'postpone') outcomes.postponed++
      continue
    }
    if (o.kind === 'dryRun') {
      outcomes.dryRun++
      continue
    }
    const valueBps = finite(o.valueBps)
    const thresholdBps = finite(o.thresholdBps)
    const acted = o.acted ?? false
    if (o.kind === 'aggregatorEdge' && valueBps !== undefined) {
      edges.push({
        atMs: record.observedMs,
        source: 'observation',
        strategy: record.strategy,
        edgeBps: valueBps,
        thresholdBps,
        acted,
      })
    }
    if (ARBITRAGE_KINDS.includes(o.kind) || arbitrageIds.has(record.strategy)) {
      const marginBps =
        valueBps !== undefined && thresholdBps !== undefined ? valueBps - thresholdBps : undefined
      arbitrage.push({
        id: record.id,
        strategy: record.strategy,
        kind: o.kind,
        atMs: record.observedMs,
        valueBps,
        thresholdBps,
        marginBps,
        clears: marginBps !== undefined && marginBps >= 0,
        acted,
        note: o.note ?? '',
      })
    }
  }
  edges.sort((a, b) => a.atMs - b.atMs)

  const costs = buildCosts(entries)
  const empty = activity.intents.length === 0 && activity.observations.length === 0
  return {
    generatedAtMs: params.generatedAtMs,
    journalPath: params.journalPath,
    sinceMs: params.sinceMs,
    firstMs: times.length > 0 ? times.reduce((a, b) => Math.min(a, b)) : undefined,
    lastMs: times.length > 0 ? times.reduce((a, b) => Math.max(a, b)) : undefined,
    empty,
    summary: {
      intents: orders.length,
      orders: orders.filter((row) => row.orderId !== undefined).length,
      observations: activity.observations.length,
      notionalUsd: orders.reduce((sum, row) => sum + row.notionalUsd, 0),
      costsUsd: costs.perOrder.reduce((sum, order) => sum + order.totalUsd, 0),
    },
    outcomes,
    refusals: [...refusals]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    routes: buildRouteOutputs(entries),
    costs,
    edges,
    latency: [
      buildLatencyStage(
        'intentToCreated',
        'intent → order created',
        defined(orders.map((row) => row.intentToCreatedMs)),
      ),
      buildLatencyStage(
        'createdToFilled',
        'order created → filled',
        defined(orders.map((row) => row.createdToFilledMs)),
      ),
      buildLatencyStage(
        'filledToHookDone',
        'filled → hook executed',
        defined(orders.map((row) => row.filledToHookDoneMs)),
      ),
    ],
    arbitrage,
    orders,
  }
}

/** One intent's row: its decision quote, its first order, and the durations between them. */
function toOrderRow(history: IntentHistory, quote: DecisionQuote | undefined): ReportOrderRow {
  const { intent } = history
  const order = history.orders[0]
  const { label, outSymbol } = describeRouteKey(intent.route)
  const realized = order?.filledAmount
  const fillMs = order && realized !== undefined ? order.updatedMs : undefined
  const steps = order ? history.hookSteps.filter((s) => s.orderId === order.orderId) : []
  const hookDoneMs =
    steps.length > 0 && steps.every((s) => s.status === 'Executed')
      ? Math.max(...steps.map((s) => s.updatedMs))
      : undefined
  const terminal = TERMINAL_INTENT_STATES.includes(intent.state)
  const costsUsd = quote ? Object.values(quote.costsUsd).reduce((a, b) => a + b, 0) : undefined
  return {
    intentId: intent.id,
    strategy: intent.strategy,
    route: intent.route,
    routeLabel: label,
    state: intent.state,
    reason: intent.reason,
    refusedByVerifier:
      intent.state === 'failed' && (intent.reason ?? '').startsWith(VERIFIER_REFUSAL_PREFIX),
    orderId: order?.orderId,
    orderState: order?.state,
    createdMs: intent.createdMs,
    notionalUsd: intent.notionalUsd,
    quotedAmountOut: quote?.amountOut,
    realizedAmountOut: realized,
    outDecimals: quote?.outDecimals,
    outSymbol,
    shortfallBps:
      quote && realized !== undefined ? shortfallBps(quote.amountOut, realized) : undefined,
    costBps: quote?.costBps,
    costsUsd,
    intentToCreatedMs: order ? order.createdMs - intent.createdMs : undefined,
    createdToFilledMs: order && fillMs !== undefined ? fillMs - order.createdMs : undefined,
    filledToHookDoneMs:
      fillMs !== undefined && hookDoneMs !== undefined ? hookDoneMs - fillMs : undefined,
    endToEndMs: terminal ? intent.updatedMs - intent.createdMs : undefined,
    journal: {
      params: intent.params,
      quotes: history.quotes,
      approvals: history.approvals,
      attempts: history.attempts.map(({ rawTx: _rawTx, ...attempt }) => attempt),
      orders: history.orders,
      hookSteps: history.hookSteps,
    },
  }
}

/** Per route, oldest first: the routes in order of their first intent. */
function buildRouteOutputs(entries: readonly RowWithQuote[]): RouteOutput[] {
  const routes = new Map<string, RouteOutput>()
  for (const { row, quote } of entries) {
    if (!quote) continue
    let route = routes.get(row.route)
    if (!route) {
      route = { route: row.route, label: row.routeLabel, outSymbol: row.outSymbol, points: [] }
      routes.set(row.route, route)
    }
    route.points.push({
      intentId: row.intentId,
      atMs: quote.quotedAtMs,
      quotedAmountOut: quote.amountOut,
      realizedAmountOut: row.realizedAmountOut,
      outDecimals: quote.outDecimals,
      shortfallBps: row.shortfallBps,
    })
  }
  return [...routes.values()]
}

function buildCosts(entries: readonly RowWithQuote[]): ReportData['costs'] {
  const perOrder: OrderCosts[] = []
  const totals = new Map<string, number>()
  for (const { row, quote } of entries) {
    if (!quote) continue
    perOrder.push({
      intentId: row.intentId,
      atMs: quote.quotedAtMs,
      costsUsd: quote.costsUsd,
      totalUsd: row.costsUsd ?? 0,
    })
    for (const [kind, usd] of Object.entries(quote.costsUsd)) {
      totals.set(kind, (totals.get(kind) ?? 0) + usd)
    }
  }
  const rank = (kind: string): number => {
    const i = COST_KIND_ORDER.indexOf(kind)
    return i === -1 ? COST_KIND_ORDER.length : i
  }
  const byKind: CostKindTotal[] = [...totals]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([kind, totalUsd]) => ({ kind, totalUsd, perOrderUsd: totalUsd / perOrder.length }))
  return { byKind, perOrder }
}

/** `(quoted − realized) / quoted` in bps, to 0.01 bps, in integer maths until the last step. */
function shortfallBps(quoted: bigint, realized: bigint): number | undefined {
  if (quoted === 0n) return undefined
  return Number(((quoted - realized) * 1_000_000n) / quoted) / 100
}

function finite(value: number | null | undefined): number | undefined {
  return value === null || value === undefined || !Number.isFinite(value) ? undefined : value
}

function defined(values: readonly (number | undefined)[]): number[] {
  return values.filter((v): v is number => v !== undefined)
}
