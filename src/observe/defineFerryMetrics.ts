import { Counter, Gauge, Histogram, type Registry } from 'prom-client'

/** Histogram buckets of the edge and profit histograms, bps (negative: worse than the others). */
const BPS_BUCKETS = [-500, -200, -100, -50, -20, -10, -5, 0, 5, 10, 20, 50, 100, 200, 500]

/**
 * Every instrument of ferry's metrics, registered on `registry`. Label values are bounded by the
 * config or by enums: `strategy` (a strategy instance id), `route` (`42161 → 8453`, `swap on
 * 42161`), `chain` (a chain id), `symbol` (a watched token's symbol), `endpoint`, and the
 * outcome/state/reason/kind enums. Never an order id, an intent id, a hash or an address: each
 * would make a new series per order and grow the server's memory without bound.
 * The instruments read nothing themselves: {@link DefineFerryMetricsHooks} feed them at scrape time.
 */
export function defineFerryMetrics(
  registry: Registry,
  hooks: DefineFerryMetricsHooks,
): FerryInstruments {
  const { readInFlightUsd, beforeCollect } = hooks
  // Every instrument's collect: the first one of a scrape brings them all up to date.
  const registers = [registry]
  const collect = (): void => beforeCollect()
  return {
    serviceRequests: new Counter({
      name: 'ferry_service_requests_total',
      help: 'HTTP attempts to the quote service, retries included, by endpoint and outcome (ok, rateLimited, serverError, serviceError, malformed, timeout, network, aborted).',
      labelNames: ['endpoint', 'outcome'] as const,
      registers,
      collect,
    }),
    serviceRateLimited: new Counter({
      name: 'ferry_service_rate_limited_total',
      help: 'Answers with HTTP 429 from the quote service, by endpoint (the rate budget should keep this at 0).',
      labelNames: ['endpoint'] as const,
      registers,
      collect,
    }),
    serviceRetries: new Counter({
      name: 'ferry_service_retries_total',
      help: 'Retries of quote-service requests (429, 5xx, timeouts, network errors), by endpoint.',
      labelNames: ['endpoint'] as const,
      registers,
      collect,
    }),
    quotes: new Counter({
      name: 'ferry_quotes_total',
      help: 'Quotes the strategies asked for, by strategy and outcome (ok, failed after retries).',
      labelNames: ['strategy', 'outcome'] as const,
      registers,
      collect,
    }),
    ticks: new Counter({
      name: 'ferry_ticks_total',
      help: 'Engine ticks, by outcome (ok: no strategy failed; failed: at least one did).',
      labelNames: ['outcome'] as const,
      registers,
      collect,
    }),
    tickDuration: new Histogram({
      name: 'ferry_tick_duration_seconds',
      help: 'Time of one tick (snapshot, quotes, decisions, executions; not the tracking), seconds.',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
      registers,
      collect,
    }),
    lastSuccessfulTick: new Gauge({
      name: 'ferry_last_successful_tick_timestamp_seconds',
      help: 'End of the last tick in which no strategy failed, Unix time in seconds (0: none yet).',
      registers,
      collect,
    }),
    killSwitch: new Gauge({
      name: 'ferry_kill_switch_engaged',
      help: '1 while the kill-switch file exists (no new intents), else 0.',
      registers,
      collect,
    }),
    balanceBaseUnits: new Gauge({
      name: 'ferry_wallet_balance_base_units',
      help: 'Our wallet balance as the last tick read it, in base units of the token (wei, lamports, 1e-6 USDC).',
      labelNames: ['chain', 'symbol'] as const,
      registers,
      collect,
    }),
    balanceUsd: new Gauge({
      name: 'ferry_wallet_balance_usd',
      help: 'USD value of our wallet balance as the last tick read and priced it (priced tokens only).',
      labelNames: ['chain', 'symbol'] as const,
      registers,
      collect,
    }),
    inFlightUsd: new Gauge({
      name: 'ferry_in_flight_usd',
      help: 'Notional USD of the journal\u2019s non-terminal intents, read at scrape time.',
      registers,
      // At scrape time, not per event: the journal also knows what a previous run left in flight.
      async collect() {
        beforeCollect()
        try {
          this.set(await readInFlightUsd())
        } catch {
          // A scrape during shutdown (journal closed) keeps the last value, never fails.
        }
      },
    }),
    observations: new Counter({
      name: 'ferry_observations_total',
      help: 'Strategy observations (arbitrage looks), by strategy, kind and whether they were acted on.',
      labelNames: ['strategy', 'kind', 'acted'] as const,
      registers,
      collect,
    }),
    aggregatorEdge: new Histogram({
      name: 'ferry_aggregator_edge_bps',
      help: 'Edge of a swap quote over the best compared aggregator, bps; source=observation: every look, source=intent: the ones that became intents.',
      labelNames: ['strategy', 'source'] as const,
      buckets: BPS_BUCKETS,
      registers,
      collect,
    }),
    roundTripProfit: new Histogram({
      name: 'ferry_round_trip_profit_bps',
      help: 'Net profit of a quoted cross-chain round trip A\u2192B\u2192A, bps of its input.',
      labelNames: ['strategy'] as const,
      buckets: BPS_BUCKETS,
      registers,
      collect,
    }),
    decisions: new Counter({
      name: 'ferry_decisions_total',
      help: 'Risk-check verdicts on intents, by strategy, verdict (accept, reject, postpone) and reason (none for accept).',
      labelNames: ['strategy', 'verdict', 'reason'] as const,
      registers,
      collect,
    }),
    intents: new Counter({
      name: 'ferry_intents_total',
      help: 'Intents reaching a state, by strategy, route and state (proposed, dryRun, unsettled, completed, failed, refused, cancelled).',
      labelNames: ['strategy', 'route', 'state'] as const,
      registers,
      collect,
    }),
    transactionsSent: new Counter({
      name: 'ferry_transactions_sent_total',
      help: 'Order and swap transactions broadcast, by strategy and chain.',
      labelNames: ['strategy', 'chain'] as const,
      registers,
      collect,
    }),
    approvals: new Counter({
      name: 'ferry_approvals_total',
      help: 'Allowance changes made before an order, by strategy and chain.',
      labelNames: ['strategy', 'chain'] as const,
      registers,
      collect,
    }),
    ordersCreated: new Counter({
      name: 'ferry_orders_created_total',
      help: 'Orders created on their source chain, by strategy and route.',
      labelNames: ['strategy', 'route'] as const,
      registers,
      collect,
    }),
    ordersFilled: new Counter({
      name: 'ferry_orders_filled_total',
      help: 'Orders filled on their destination chain, by strategy and route.',
      labelNames: ['strategy', 'route'] as const,
      registers,
      collect,
    }),
    ordersCancelled: new Counter({
      name: 'ferry_orders_cancelled_total',
      help: 'Orders whose cancel was mined on the destination chain, by strategy and route.',
      labelNames: ['strategy', 'route'] as const,
      registers,
      collect,
    }),
    ordersFailed: new Counter({
      name: 'ferry_orders_failed_total',
      help: 'Created orders that ended failed (not filled, or hook not done, before the deadline; hook failed), by strategy and route.',
      labelNames: ['strategy', 'route'] as const,
      registers,
      collect,
    }),
    ordersStuck: new Counter({
      name: 'ferry_orders_stuck_total',
      help: 'Orders past tracking.deadlineMs, by strategy, route and what they waited for (fill, hook).',
      labelNames: ['strategy', 'route', 'waiting_for'] as const,
      registers,
      collect,
    }),
    hookSteps: new Counter({
      name: 'ferry_hook_steps_total',
      help: 'Steps of finished hooks, by strategy, route and status (Executed, Failed, Pending).',
      labelNames: ['strategy', 'route', 'status'] as const,
      registers,
      collect,
    }),
    quoteToBroadcast: new Histogram({
      name: 'ferry_quote_to_broadcast_seconds',
      help: 'From the quote an intent was decided on to its transaction\u2019s first broadcast, seconds.',
      labelNames: ['strategy', 'route'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60],
      registers,
      collect,
    }),
    creationToFill: new Histogram({
      name: 'ferry_creation_to_fill_seconds',
      help: 'From an order\u2019s creation (source confirmation) to its fill on the destination, seconds.',
      labelNames: ['strategy', 'route'] as const,
      buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800],
      registers,
      collect,
    }),
    fillToHook: new Histogram({
      name: 'ferry_fill_to_hook_seconds',
      help: 'From an order\u2019s fill to every step of its hook Executed, seconds.',
      labelNames: ['strategy', 'route'] as const,
      buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600],
      registers,
      collect,
    }),
    notionalSentUsd: new Counter({
      name: 'ferry_notional_sent_usd_total',
      help: 'Notional USD of intents whose order was created (or swap mined), by strategy and route.',
      labelNames: ['strategy', 'route'] as const,
      registers,
      collect,
    }),
    costsPaidUsd: new Counter({
      name: 'ferry_costs_paid_usd_total',
      help: 'USD of the costs the quotes showed for orders created (or swaps mined), by strategy, route and kind (fixFee, txFee, protocolFee, takerMargin, operatingExpenses, swap, slippage, other).',
      labelNames: ['strategy', 'route', 'kind'] as const,
      registers,
      collect,
    }),
    simulationOff: new Gauge({
      name: 'ferry_value_flow_simulation_off',
      help: '1 for a chain whose config says verify.simulation: off (signs without simulating first, P-8.10), else 0.',
      labelNames: ['chain'] as const,
      registers,
      collect,
    }),
    observerErrors: new Counter({
      name: 'ferry_metrics_observer_errors_total',
      help: 'Engine events the metrics observer failed to count (a bug; the tick went on).',
      registers,
      collect,
    }),
  }
}

/** What {@link defineFerryMetrics} calls when Prometheus scrapes. */
export type DefineFerryMetricsHooks = {
  /** Notional USD in flight, read at each scrape; what it throws keeps the last value. */
  readInFlightUsd: () => number | Promise<number>
  /** Called before any instrument is read (once per instrument: it must be cheap when idle). */
  beforeCollect: () => void
}

type StrategyRoute = 'strategy' | 'route'

/** The instruments {@link defineFerryMetrics} returns, with their label names. */
export type FerryInstruments = {
  serviceRequests: Counter<'endpoint' | 'outcome'>
  serviceRateLimited: Counter<'endpoint'>
  serviceRetries: Counter<'endpoint'>
  quotes: Counter<'strategy' | 'outcome'>
  ticks: Counter<'outcome'>
  tickDuration: Histogram
  lastSuccessfulTick: Gauge
  killSwitch: Gauge
  balanceBaseUnits: Gauge<'chain' | 'symbol'>
  balanceUsd: Gauge<'chain' | 'symbol'>
  inFlightUsd: Gauge
  observations: Counter<'strategy' | 'kind' | 'acted'>
  aggregatorEdge: Histogram<'strategy' | 'source'>
  roundTripProfit: Histogram<'strategy'>
  decisions: Counter<'strategy' | 'verdict' | 'reason'>
  intents: Counter<StrategyRoute | 'state'>
  transactionsSent: Counter<'strategy' | 'chain'>
  approvals: Counter<'strategy' | 'chain'>
  ordersCreated: Counter<StrategyRoute>
  ordersFilled: Counter<StrategyRoute>
  ordersCancelled: Counter<StrategyRoute>
  ordersFailed: Counter<StrategyRoute>
  ordersStuck: Counter<StrategyRoute | 'waiting_for'>
  hookSteps: Counter<StrategyRoute | 'status'>
  quoteToBroadcast: Histogram<StrategyRoute>
  creationToFill: Histogram<StrategyRoute>
  fillToHook: Histogram<StrategyRoute>
  notionalSentUsd: Counter<StrategyRoute>
  costsPaidUsd: Counter<StrategyRoute | 'kind'>
  simulationOff: Gauge<'chain'>
  observerErrors: Counter
}
