import { Registry } from 'prom-client'
import type { TransportConfig } from '../api/createTransport.ts'
import type { Clock } from '../common/clock.ts'
import type { CostKind } from '../common/strategy/marketTypes.ts'
import { defineClusterMetrics } from './defineClusterMetrics.ts'
import { defineFerryMetrics } from './defineFerryMetrics.ts'
import type { EngineEvent } from './engineEvents.ts'
import type { EngineObserver } from './fanOutEvents.ts'

/** Inputs of {@link createFerryMetrics}. */
export type CreateFerryMetricsParams = {
  /** Time source of the latency histograms and of the health's reference before the first tick. */
  clock: Clock
  /**
   * Notional USD of the non-terminal intents, read at scrape time (`journal.status()`): the
   * journal also knows the intents a previous run left in flight. What it throws keeps the last
   * value (a closed journal at shutdown).
   */
  readInFlightUsd: () => number | Promise<number>
  /** `chains.<id>.verify.simulation` per chain id: `off` shows as 1 in the simulation-off gauge. */
  simulationByChain?: Readonly<Record<string, 'on' | 'off'>>
}

/** ferry's Prometheus metrics: a registry of its own, fed by engine events and the api client. */
export type FerryMetrics = {
  /** The registry to serve (`registry.metrics()`); not prom-client's global one. */
  readonly registry: Registry
  /**
   * Takes one engine event (with the clock's time) to be counted at the next scrape; never throws
   * and never awaits (safety P-3.6).
   */
  readonly observe: EngineObserver
  /** The api client's `onAttempt`: service requests by endpoint and outcome, 429s. */
  readonly onServiceAttempt: NonNullable<TransportConfig['onAttempt']>
  /** The api client's `onRetry`: retries by endpoint. */
  readonly onServiceRetry: NonNullable<TransportConfig['onRetry']>
  /** Clock ms of the last tick that ended with no failed strategy; undefined before one. */
  lastSuccessfulTickAtMs(): number | undefined
  /** Clock ms when these metrics were created: the health's reference before the first tick. */
  readonly createdAtMs: number
}

/** What the observer remembers of one intent between its events (never a label itself). */
type IntentTrace = {
  strategy: string
  route: string
  notionalUsd: number
  costsUsd: Readonly<Partial<Record<CostKind, number>>>
  quotedAtMs: number
  broadcastAtMs?: number
  createdAtMs?: number
  filledAtMs?: number
  /** Its notional and costs were counted (order created, or swap mined). */
  counted: boolean
}

/** Intents remembered at once; dropped at their end, the oldest past it (their latencies lost). */
const MAX_TRACES = 10_000
/**
 * Events held between two scrapes. Past it they are counted at once (in the tick), so a run that
 * nobody scrapes keeps its memory bounded; at the default 15 s scrape interval it is never reached.
 */
const MAX_PENDING_EVENTS = 5_000
/** Label value for events of an intent this run did not see proposed (a restart reconciles it). */
const UNKNOWN = 'unknown'

/**
 * Creates ferry's metrics (the names and labels are in defineFerryMetrics.ts; docs/operations.md lists them).
 * `observe` turns engine events into counters, gauges and histograms, at the next scrape (the
 * events wait with the time they came, so the tick only pays an array push); the latencies are measured
 * with `clock` between the events of one intent: quote → first broadcast, creation → fill,
 * fill → every hook step Executed, in seconds. Notional and costs count when an order is created
 * (or a swap mined), from the intent's `notionalUsd` and `costsUsd`.
 */
export function createFerryMetrics(params: CreateFerryMetricsParams): FerryMetrics {
  const { clock, readInFlightUsd } = params
  const registry = new Registry()
  // Events wait here with their time (two arrays: no object per event) and are counted when
  // Prometheus scrapes (or the backlog is full): prom-client's label hashing costs ~1 µs per
  // update, ~10 per intent, which the tick should not pay (P-3.6). Nothing is lost.
  let pending: EngineEvent[] = []
  let pendingAtMs: number[] = []
  const flush = (): void => {
    const [events, times] = [pending, pendingAtMs]
    ;[pending, pendingAtMs] = [[], []]
    for (let i = 0; i < events.length; i++) {
      try {
        count(events[i]!, times[i]!)
      } catch {
        // P-3.6: a metrics bug costs a count, never a tick or a scrape.
        m.observerErrors.inc()
      }
    }
  }
  const m = defineFerryMetrics(registry, { readInFlightUsd, beforeCollect: flush })
  const cluster = defineClusterMetrics(registry)
  for (const [chain, simulation] of Object.entries(params.simulationByChain ?? {}))
    m.simulationOff.set({ chain }, simulation === 'off' ? 1 : 0)
  const traces = new Map<string, IntentTrace>()
  /** Clock ms of each quote of the current tick, by `strategy:requestId`. */
  const quotedAtMs = new Map<string, number>()
  let lastOkTickMs: number | undefined
  const createdAtMs = clock.nowMs()

  const labelsOf = (intentId: string): { strategy: string; route: string } => {
    const trace = traces.get(intentId)
    return trace
      ? { strategy: trace.strategy, route: trace.route }
      : { strategy: UNKNOWN, route: UNKNOWN }
  }
  const seconds = (fromMs: number, toMs: number): number => Math.max(0, toMs - fromMs) / 1000

  /** Counts the intent's notional and costs once: its value left the wallet. */
  const countSpend = (trace: IntentTrace): void => {
    if (trace.counted) return
    trace.counted = true
    const labels = { strategy: trace.strategy, route: trace.route }
    if (Number.isFinite(trace.notionalUsd) && trace.notionalUsd > 0)
      m.notionalSentUsd.inc(labels, trace.notionalUsd)
    for (const [kind, usd] of Object.entries(trace.costsUsd)) {
      // A negative item (a swap that gained) cannot go into a counter; the report nets them.
      if (usd !== undefined && Number.isFinite(usd) && usd > 0)
        m.costsPaidUsd.inc({ ...labels, kind }, usd)
    }
  }

  /** Counts one event that happened at clock `nowMs`. */
  function count(event: EngineEvent, nowMs: number): void {
    switch (event.type) {
      case 'tick':
        quotedAtMs.clear()
        return
      case 'tickEnd':
        m.ticks.inc({ outcome: event.failures === 0 ? 'ok' : 'failed' })
        m.tickDuration.observe(event.durationMs / 1000)
        if (event.failures === 0) {
          lastOkTickMs = event.atMs
          m.lastSuccessfulTick.set(event.atMs / 1000)
        }
        return
      case 'killSwitch':
        m.killSwitch.set(event.engaged ? 1 : 0)
        return
      case 'balances':
        for (const b of event.balances) {
          const labels = { chain: String(b.chainId), symbol: b.symbol }
          m.balanceBaseUnits.set(labels, Number(b.amount))
          if (b.usd !== undefined) m.balanceUsd.set(labels, b.usd)
        }
        return
      case 'quote':
        m.quotes.inc({ strategy: event.strategy, outcome: 'ok' })
        quotedAtMs.set(`${event.strategy}:${event.requestId}`, nowMs)
        return
      case 'quoteFailed':
        m.quotes.inc({ strategy: event.strategy, outcome: 'failed' })
        return
      case 'observation':
        m.observations.inc({
          strategy: event.strategy,
          kind: event.kind,
          acted: String(event.acted),
        })
        if (event.valueBps === undefined) return
        if (event.kind === 'aggregatorEdge')
          m.aggregatorEdge.observe(
            { strategy: event.strategy, source: 'observation' },
            event.valueBps,
          )
        if (event.kind === 'roundTrip')
          m.roundTripProfit.observe({ strategy: event.strategy }, event.valueBps)
        return
      case 'intent': {
        const labels = { strategy: event.strategy, route: event.route }
        m.intents.inc({ ...labels, state: 'proposed' })
        if (event.edgeBps !== undefined)
          m.aggregatorEdge.observe({ strategy: event.strategy, source: 'intent' }, event.edgeBps)
        // Its quote came in this tick, under the same strategy and request; an intent whose quote
        // was not seen (it cannot be, but a bounded map may have let it go) uses its own time.
        const quoteKey = `${event.strategy}:${event.requestId}`
        if (traces.size >= MAX_TRACES) traces.delete(traces.keys().next().value!)
        traces.set(event.intentId, {
          ...labels,
          notionalUsd: event.notionalUsd,
          costsUsd: event.costsUsd,
          quotedAtMs: quotedAtMs.get(quoteKey) ?? nowMs,
          counted: false,
        })
        return
      }
      case 'decision':
        m.decisions.inc({
          strategy: event.strategy,
          verdict: event.verdict,
          reason: event.reason ?? 'none',
        })
        if (event.verdict !== 'accept') traces.delete(event.intentId)
        return
      case 'dryRun':
        m.intents.inc({ ...labelsOf(event.intentId), state: 'dryRun' })
        traces.delete(event.intentId)
        return
      case 'approval':
        m.approvals.inc({
          strategy: labelsOf(event.intentId).strategy,
          chain: String(event.chainId),
        })
        return
      case 'sent': {
        m.transactionsSent.inc({
          strategy: labelsOf(event.intentId).strategy,
          chain: String(event.chainId),
        })
        const trace = traces.get(event.intentId)
        if (trace && trace.broadcastAtMs === undefined) {
          trace.broadcastAtMs = nowMs
          m.quoteToBroadcast.observe(labelsOf(event.intentId), seconds(trace.quotedAtMs, nowMs))
        }
        return
      }
      case 'created': {
        m.ordersCreated.inc(labelsOf(event.intentId))
        const trace = traces.get(event.intentId)
        if (trace) {
          trace.createdAtMs = nowMs
          countSpend(trace)
        }
        return
      }
      case 'filled': {
        m.ordersFilled.inc(labelsOf(event.intentId))
        const trace = traces.get(event.intentId)
        if (trace) {
          trace.filledAtMs = nowMs
          if (trace.createdAtMs !== undefined)
            m.creationToFill.observe(labelsOf(event.intentId), seconds(trace.createdAtMs, nowMs))
        }
        return
      }
      case 'stuck':
        m.ordersStuck.inc({ ...labelsOf(event.intentId), waiting_for: event.waitingFor })
        return
      case 'cancelled':
        m.ordersCancelled.inc(labelsOf(event.intentId))
        return
      case 'hook': {
        const labels = labelsOf(event.intentId)
        for (const step of event.steps) {
          // The journal's three values: the service's other strings are not documented (§3.4).
          const status =
            step.status === 'Executed' || step.status === 'Failed' ? step.status : 'Pending'
          m.hookSteps.inc({ ...labels, status })
        }
        const filledAtMs = traces.get(event.intentId)?.filledAtMs
        const done = event.steps.length > 0 && event.steps.every((s) => s.status === 'Executed')
        if (done && filledAtMs !== undefined)
          m.fillToHook.observe(labels, seconds(filledAtMs, nowMs))
        return
      }
      case 'unsettled':
        // Its end comes in a later run (reconciliation); this run forgets it.
        m.intents.inc({ ...labelsOf(event.intentId), state: 'unsettled' })
        traces.delete(event.intentId)
        return
      case 'terminal': {
        const labels = labelsOf(event.intentId)
        m.intents.inc({ ...labels, state: event.state })
        if (event.orderId !== undefined && event.state === 'failed') m.ordersFailed.inc(labels)
        const trace = traces.get(event.intentId)
        // A swap has no order: its value left when it was mined.
        if (trace && event.orderId === undefined && event.state === 'completed') countSpend(trace)
        traces.delete(event.intentId)
        return
      }
      default:
        cluster.count(event)
    }
  }

  return {
    registry,
    createdAtMs,
    lastSuccessfulTickAtMs() {
      flush()
      return lastOkTickMs
    },
    observe(event) {
      pending.push(event)
      pendingAtMs.push(clock.nowMs())
      if (pending.length >= MAX_PENDING_EVENTS) flush()
    },
    onServiceAttempt({ endpoint, outcome }) {
      m.serviceRequests.inc({ endpoint, outcome })
      if (outcome === 'rateLimited') m.serviceRateLimited.inc({ endpoint })
    },
    onServiceRetry({ endpoint }) {
      m.serviceRetries.inc({ endpoint })
    },
  }
}
