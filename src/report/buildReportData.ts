import type { JournalActivity } from '../store/sqlite/createJournalQueries.ts'
import { buildCosts } from './buildCosts.ts'
import { buildLatencyStage } from './buildLatencyStage.ts'
import { buildRouteOutputs } from './buildRouteOutputs.ts'
import { readDecisionQuote } from './readDecisionQuote.ts'
import { readObservations } from './readObservations.ts'
import type { EdgePoint, OutcomeKind, ReportData } from './reportTypes.ts'
import { toOrderRow } from './toOrderRow.ts'

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

  for (const record of activity.observations) times.push(record.observedMs)
  const observed = readObservations(activity.observations, arbitrageIds)
  for (const reason of observed.rejections) refuse(reason)
  outcomes.postponed += observed.postponed
  outcomes.dryRun += observed.dryRun
  // After the intents' edges, as before: the stable sort keeps that order at equal times. A loop,
  // not push(...spread), since a long journal can hold more edges than a call takes arguments.
  for (const edge of observed.edges) edges.push(edge)
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
    arbitrage: observed.arbitrage,
    orders,
  }
}

function defined(values: readonly (number | undefined)[]): number[] {
  return values.filter((v): v is number => v !== undefined)
}
