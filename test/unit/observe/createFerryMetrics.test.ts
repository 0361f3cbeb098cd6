import { describe, expect, test } from 'vitest'
import { createManualClock, type ManualClock } from '../../../src/common/clock.ts'
import { createFerryMetrics, type FerryMetrics } from '../../../src/observe/createFerryMetrics.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import {
  type PrometheusExposition,
  parsePrometheusText,
} from '../../helpers/parsePrometheusText.ts'

const ORDER_ID = '0x5bfcf1d4ee7b2ec9a2a4e7bd1fe2c6b1d0f1c5b4c2bd8f1ce3ad6e2fcfeb0a11'
const TX_HASH = '0x9e0dce6a8c1f7b4d2a3e5f6071829304a5b6c7d8e9f00112233445566778899a'
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOLANA_SIGNATURE =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
const INTENT_ID = 'usdc-arb-base:rebalance:42161->8453:1700000000000'
const ROUTE = '42161 → 8453'
const START_MS = 1_700_000_000_000

type Harness = {
  clock: ManualClock
  metrics: FerryMetrics
  scrape(): Promise<PrometheusExposition>
}

function harness(readInFlightUsd: () => number | Promise<number> = () => 0): Harness {
  const clock = createManualClock(START_MS)
  const metrics = createFerryMetrics({ clock, readInFlightUsd })
  return {
    clock,
    metrics,
    scrape: async () => parsePrometheusText(await metrics.registry.metrics()),
  }
}

/** The events of one rebalance order with a hook, `afterMs` of clock between two of them. */
function orderWithHook(h: Harness, steps: [number, number, number, number, number]): void {
  const [quoteToIntentMs, intentToSentMs, sentToCreatedMs, createdToFillMs, fillToHookMs] = steps
  const emit = (event: EngineEvent, afterMs = 0): void => {
    h.clock.advanceMs(afterMs)
    h.metrics.observe(event)
  }
  emit({ type: 'tick', tick: 1, strategies: ['usdc-arb-base'], atMs: START_MS })
  emit({
    type: 'quote',
    strategy: 'usdc-arb-base',
    requestId: 'rebalance:42161->8453',
    route: ROUTE,
    amountIn: '1000000000',
    amountOut: '998000000',
    costBps: 20,
  })
  emit(
    {
      type: 'intent',
      strategy: 'usdc-arb-base',
      intentId: INTENT_ID,
      requestId: 'rebalance:42161->8453',
      route: ROUTE,
      amountIn: '1000000000',
      minAmountOut: '997000000',
      notionalUsd: 1000,
      reason: 'surplus on 42161',
      quotedAmountOut: '998000000',
      quotedAmountOutUsd: 998,
      costBps: 20,
      costsUsd: { fixFee: 1.5, protocolFee: 0.4, takerMargin: 0.1, swap: -0.2 },
      edgeBps: undefined,
    },
    quoteToIntentMs,
  )
  emit({
    type: 'decision',
    strategy: 'usdc-arb-base',
    intentId: INTENT_ID,
    verdict: 'accept',
    reason: undefined,
    check: undefined,
    detail: undefined,
  })
  emit({ type: 'approval', intentId: INTENT_ID, chainId: 42161, actions: ['approve'] })
  emit({ type: 'sent', intentId: INTENT_ID, chainId: 42161, hash: TX_HASH }, intentToSentMs)
  emit({ type: 'created', intentId: INTENT_ID, orderId: ORDER_ID, chainId: 42161 }, sentToCreatedMs)
  emit(
    {
      type: 'filled',
      intentId: INTENT_ID,
      orderId: ORDER_ID,
      chainId: 8453,
      txHash: TX_HASH,
      amountOut: '998000000',
    },
    createdToFillMs,
  )
  emit(
    {
      type: 'hook',
      intentId: INTENT_ID,
      orderId: ORDER_ID,
      steps: [
        { stepNumber: 0, status: 'Executed' },
        { stepNumber: 1, status: 'Executed' },
      ],
    },
    fillToHookMs,
  )
  emit({
    type: 'terminal',
    intentId: INTENT_ID,
    orderId: ORDER_ID,
    state: 'completed',
    detail: 'hook executed',
  })
}

describe('createFerryMetrics', () => {
  test('default: one order from quote to hook counts every stage, its spend and its latencies', async () => {
    const h = harness()
    orderWithHook(h, [500, 1_000, 2_000, 12_000, 3_000])
    const s = await h.scrape()
    const labels = { strategy: 'usdc-arb-base', route: ROUTE }
    expect(s.sum('ferry_quotes_total', { strategy: 'usdc-arb-base', outcome: 'ok' })).toBe(1)
    expect(s.sum('ferry_intents_total', { ...labels, state: 'proposed' })).toBe(1)
    expect(s.sum('ferry_intents_total', { ...labels, state: 'completed' })).toBe(1)
    expect(
      s.sum('ferry_decisions_total', {
        strategy: 'usdc-arb-base',
        verdict: 'accept',
        reason: 'none',
      }),
    ).toBe(1)
    expect(s.sum('ferry_approvals_total', { strategy: 'usdc-arb-base', chain: '42161' })).toBe(1)
    expect(
      s.sum('ferry_transactions_sent_total', { strategy: 'usdc-arb-base', chain: '42161' }),
    ).toBe(1)
    expect(s.sum('ferry_orders_created_total', labels)).toBe(1)
    expect(s.sum('ferry_orders_filled_total', labels)).toBe(1)
    expect(s.sum('ferry_orders_failed_total')).toBe(0)
    expect(s.sum('ferry_hook_steps_total', { ...labels, status: 'Executed' })).toBe(2)
    // Quote → broadcast spans the quote-to-intent gap too: 0.5 s + 1 s.
    expect(s.sum('ferry_quote_to_broadcast_seconds_sum', labels)).toBe(1.5)
    expect(s.sum('ferry_quote_to_broadcast_seconds_count', labels)).toBe(1)
    expect(s.sum('ferry_creation_to_fill_seconds_sum', labels)).toBe(12)
    expect(s.sum('ferry_fill_to_hook_seconds_sum', labels)).toBe(3)
    expect(s.sum('ferry_fill_to_hook_seconds_bucket', { ...labels, le: '2' })).toBe(0)
    expect(s.sum('ferry_fill_to_hook_seconds_bucket', { ...labels, le: '5' })).toBe(1)
    expect(s.sum('ferry_notional_sent_usd_total', labels)).toBe(1000)
    expect(s.sum('ferry_costs_paid_usd_total', { ...labels, kind: 'fixFee' })).toBe(1.5)
    expect(s.sum('ferry_costs_paid_usd_total', { ...labels, kind: 'protocolFee' })).toBe(0.4)
    expect(s.sum('ferry_costs_paid_usd_total', { ...labels, kind: 'takerMargin' })).toBe(0.1)
    // A negative item (the swap gained) cannot go into a counter: it is left out.
    expect(s.samples.some((x) => x.labels.kind === 'swap')).toBe(false)
    expect(s.sum('ferry_metrics_observer_errors_total')).toBe(0)
  })

  test('behavior: no label value is an order id, intent id, hash or address', async () => {
    const h = harness()
    orderWithHook(h, [0, 0, 0, 0, 0])
    h.metrics.observe({
      type: 'sent',
      intentId: 'solana-to-treasury:sweep:7565164:1700000000001',
      chainId: 7565164,
      hash: SOLANA_SIGNATURE,
    })
    h.metrics.observe({
      type: 'stuck',
      intentId: INTENT_ID,
      orderId: ORDER_ID,
      waitingFor: 'fill',
      ageMs: 1,
    })
    h.metrics.observe({
      type: 'balances',
      balances: [
        {
          chainId: 42161,
          token: ADDRESS,
          symbol: 'USDC',
          isNative: false,
          amount: '5',
          usd: 0.000005,
        },
        {
          chainId: 7565164,
          token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
          symbol: 'USDC',
          isNative: false,
          amount: '7',
          usd: undefined,
        },
      ],
    })
    const s = await h.scrape()
    const values = s.samples.flatMap((x) => Object.values(x.labels))
    expect(values.length).toBeGreaterThan(0)
    for (const value of values) {
      expect(value, 'hex id, hash or EVM address').not.toMatch(/0x[0-9a-f]{8,}/i)
      expect(value, 'base58 address or signature').not.toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,}$/)
      expect(value, 'intent id').not.toMatch(/:\d{10,}$/)
    }
  })

  test('behavior: decisions by verdict and reason; refused and dry-run intents spend nothing', async () => {
    const h = harness()
    const intent = (intentId: string): EngineEvent => ({
      type: 'intent',
      strategy: 'sweep',
      requestId: 'sweep:7565164',
      intentId,
      route: '7565164 → 42161',
      amountIn: '1',
      minAmountOut: '1',
      notionalUsd: 50,
      reason: 'above keep balance',
      quotedAmountOut: '1',
      quotedAmountOutUsd: 1,
      costBps: 1,
      costsUsd: { fixFee: 1 },
      edgeBps: undefined,
    })
    const decide = (
      intentId: string,
      verdict: 'accept' | 'reject' | 'postpone',
      reason?: string,
    ): EngineEvent => ({
      type: 'decision',
      strategy: 'sweep',
      intentId,
      verdict,
      reason,
      check: reason,
      detail: reason,
    })
    h.metrics.observe(intent('sweep:a:1'))
    h.metrics.observe(decide('sweep:a:1', 'reject', 'killSwitch'))
    h.metrics.observe(intent('sweep:b:1'))
    h.metrics.observe(decide('sweep:b:1', 'postpone', 'cooldown'))
    h.metrics.observe(intent('sweep:c:1'))
    h.metrics.observe(decide('sweep:c:1', 'accept'))
    h.metrics.observe({ type: 'dryRun', strategy: 'sweep', intentId: 'sweep:c:1', note: 'dry' })
    h.metrics.observe(intent('sweep:d:1'))
    h.metrics.observe(decide('sweep:d:1', 'accept'))
    h.metrics.observe({
      type: 'terminal',
      intentId: 'sweep:d:1',
      orderId: undefined,
      state: 'refused',
      detail: 'verification refused the transaction',
    })
    const s = await h.scrape()
    const decisions = (verdict: string, reason: string): number =>
      s.sum('ferry_decisions_total', { strategy: 'sweep', verdict, reason })
    expect(decisions('reject', 'killSwitch')).toBe(1)
    expect(decisions('postpone', 'cooldown')).toBe(1)
    expect(decisions('accept', 'none')).toBe(2)
    const intents = (state: string): number =>
      s.sum('ferry_intents_total', { strategy: 'sweep', route: '7565164 → 42161', state })
    expect(intents('proposed')).toBe(4)
    expect(intents('dryRun')).toBe(1)
    expect(intents('refused')).toBe(1)
    expect(s.sum('ferry_notional_sent_usd_total')).toBe(0)
    expect(s.sum('ferry_costs_paid_usd_total')).toBe(0)
    // A refused intent never created an order: not an order failure.
    expect(s.sum('ferry_orders_failed_total')).toBe(0)
  })

  test('behavior: a swap spends when it is mined; edges from intents and observations are apart', async () => {
    const h = harness()
    h.metrics.observe({
      type: 'observation',
      strategy: 'arb',
      kind: 'aggregatorEdge',
      valueBps: 12,
      thresholdBps: 10,
      acted: true,
      note: '',
    })
    h.metrics.observe({
      type: 'observation',
      strategy: 'arb',
      kind: 'aggregatorEdge',
      valueBps: -30,
      thresholdBps: 10,
      acted: false,
      note: '',
    })
    h.metrics.observe({
      type: 'observation',
      strategy: 'arb',
      kind: 'roundTrip',
      valueBps: -8,
      thresholdBps: 5,
      acted: false,
      note: '',
    })
    h.metrics.observe({
      type: 'observation',
      strategy: 'arb',
      kind: 'roundTrip',
      valueBps: undefined,
      thresholdBps: 5,
      acted: false,
      note: 'a leg failed to quote',
    })
    h.metrics.observe({
      type: 'intent',
      strategy: 'arb',
      intentId: 'arb:arbitrage:swap:0:5',
      requestId: 'arbitrage:swap:0',
      route: 'swap on 42161',
      amountIn: '1',
      minAmountOut: '1',
      notionalUsd: 1000,
      reason: 'edge',
      quotedAmountOut: '1',
      quotedAmountOutUsd: 1000,
      costBps: 3,
      costsUsd: { txFee: 0.3 },
      edgeBps: 12,
    })
    h.metrics.observe({
      type: 'sent',
      intentId: 'arb:arbitrage:swap:0:5',
      chainId: 42161,
      hash: TX_HASH,
    })
    let s = await h.scrape()
    expect(s.sum('ferry_notional_sent_usd_total')).toBe(0)
    h.metrics.observe({
      type: 'terminal',
      intentId: 'arb:arbitrage:swap:0:5',
      orderId: undefined,
      state: 'completed',
      detail: 'swap',
    })
    s = await h.scrape()
    const swap = { strategy: 'arb', route: 'swap on 42161' }
    expect(s.sum('ferry_notional_sent_usd_total', swap)).toBe(1000)
    expect(s.sum('ferry_costs_paid_usd_total', { ...swap, kind: 'txFee' })).toBe(0.3)
    expect(s.sum('ferry_orders_created_total')).toBe(0)
    const edge = (source: string, suffix: string): number =>
      s.sum(`ferry_aggregator_edge_bps_${suffix}`, { strategy: 'arb', source })
    expect(edge('observation', 'count')).toBe(2)
    expect(edge('observation', 'sum')).toBe(-18)
    expect(edge('intent', 'count')).toBe(1)
    expect(edge('intent', 'sum')).toBe(12)
    expect(s.sum('ferry_round_trip_profit_bps_count', { strategy: 'arb' })).toBe(1)
    expect(s.sum('ferry_round_trip_profit_bps_sum', { strategy: 'arb' })).toBe(-8)
    expect(s.sum('ferry_observations_total', { kind: 'roundTrip', acted: 'false' })).toBe(2)
    expect(s.sum('ferry_observations_total', { kind: 'aggregatorEdge', acted: 'true' })).toBe(1)
  })

  test('behavior: ticks, the last successful tick, kill switch, balances and in-flight USD', async () => {
    let inFlightUsd = 250
    const h = harness(() => {
      if (inFlightUsd < 0) throw new Error('journal closed')
      return inFlightUsd
    })
    h.metrics.observe({
      type: 'tickEnd',
      tick: 1,
      atMs: START_MS + 1_000,
      durationMs: 400,
      failures: 0,
    })
    h.metrics.observe({
      type: 'tickEnd',
      tick: 2,
      atMs: START_MS + 9_000,
      durationMs: 2_500,
      failures: 1,
    })
    h.metrics.observe({ type: 'killSwitch', engaged: true })
    h.metrics.observe({
      type: 'balances',
      balances: [
        {
          chainId: 8453,
          token: ADDRESS,
          symbol: 'USDC',
          isNative: false,
          amount: '2500000',
          usd: 2.5,
        },
        {
          chainId: 8453,
          token: '0x0000000000000000000000000000000000000000',
          symbol: 'ETH',
          isNative: true,
          amount: '1000000000000000000',
          usd: undefined,
        },
      ],
    })
    let s = await h.scrape()
    expect(s.sum('ferry_ticks_total', { outcome: 'ok' })).toBe(1)
    expect(s.sum('ferry_ticks_total', { outcome: 'failed' })).toBe(1)
    expect(s.sum('ferry_tick_duration_seconds_sum')).toBe(2.9)
    // The failed tick does not move it.
    expect(s.sum('ferry_last_successful_tick_timestamp_seconds')).toBe((START_MS + 1_000) / 1000)
    expect(h.metrics.lastSuccessfulTickAtMs()).toBe(START_MS + 1_000)
    expect(s.sum('ferry_kill_switch_engaged')).toBe(1)
    expect(s.sum('ferry_wallet_balance_base_units', { chain: '8453', symbol: 'USDC' })).toBe(
      2_500_000,
    )
    expect(s.sum('ferry_wallet_balance_usd', { chain: '8453', symbol: 'USDC' })).toBe(2.5)
    expect(s.sum('ferry_wallet_balance_base_units', { chain: '8453', symbol: 'ETH' })).toBe(1e18)
    expect(
      s.samples.some((x) => x.name === 'ferry_wallet_balance_usd' && x.labels.symbol === 'ETH'),
    ).toBe(false)
    expect(s.sum('ferry_in_flight_usd')).toBe(250)
    h.metrics.observe({ type: 'killSwitch', engaged: false })
    inFlightUsd = -1
    s = await h.scrape()
    expect(s.sum('ferry_kill_switch_engaged')).toBe(0)
    // A failing read keeps the last value, and the scrape still succeeds.
    expect(s.sum('ferry_in_flight_usd')).toBe(250)
  })

  test('behavior: in-flight USD read through the journal store (a Promise) at scrape time; a rejected read keeps the last value', async () => {
    let inFlightUsd = 120
    const h = harness(async () => {
      await Promise.resolve()
      if (inFlightUsd < 0) throw new Error('journal closed')
      return inFlightUsd
    })
    expect((await h.scrape()).sum('ferry_in_flight_usd')).toBe(120)
    inFlightUsd = 75
    expect((await h.scrape()).sum('ferry_in_flight_usd')).toBe(75)
    inFlightUsd = -1
    expect((await h.scrape()).sum('ferry_in_flight_usd')).toBe(75)
  })

  test('behavior: stuck, cancelled and failed orders; events of an intent this run never saw', async () => {
    const h = harness()
    orderWithHook(h, [0, 0, 0, 0, 0])
    const reconciled = 'usdc-arb-base:rebalance:42161->8453:1699999999999'
    h.metrics.observe({ type: 'reconcile', intentId: reconciled, plan: 'track', detail: 'Created' })
    h.metrics.observe({
      type: 'stuck',
      intentId: reconciled,
      orderId: ORDER_ID,
      waitingFor: 'fill',
      ageMs: 600_000,
    })
    h.metrics.observe({
      type: 'cancelled',
      intentId: reconciled,
      orderId: ORDER_ID,
      chainId: 8453,
      txHash: TX_HASH,
    })
    h.metrics.observe({
      type: 'terminal',
      intentId: reconciled,
      orderId: ORDER_ID,
      state: 'cancelled',
      detail: 'refunded',
    })
    h.metrics.observe({
      type: 'terminal',
      intentId: 'usdc-arb-base:x:2',
      orderId: ORDER_ID,
      state: 'failed',
      detail: 'hook failed',
    })
    const s = await h.scrape()
    const unknown = { strategy: 'unknown', route: 'unknown' }
    expect(s.sum('ferry_orders_stuck_total', { ...unknown, waiting_for: 'fill' })).toBe(1)
    expect(s.sum('ferry_orders_cancelled_total', unknown)).toBe(1)
    expect(s.sum('ferry_intents_total', { ...unknown, state: 'cancelled' })).toBe(1)
    expect(s.sum('ferry_orders_failed_total', unknown)).toBe(1)
    // The order seen from its quote keeps its own labels.
    expect(s.sum('ferry_orders_created_total', { strategy: 'usdc-arb-base', route: ROUTE })).toBe(1)
  })

  test('behavior: hook steps by status; a failed hook gives no fill-to-hook time', async () => {
    const h = harness()
    h.metrics.observe({
      type: 'hook',
      intentId: 'a:b:1',
      orderId: ORDER_ID,
      steps: [
        { stepNumber: 0, status: 'Executed' },
        { stepNumber: 1, status: 'Failed' },
        { stepNumber: 2, status: 'SomethingNew' },
      ],
    })
    const s = await h.scrape()
    expect(s.sum('ferry_hook_steps_total', { status: 'Executed' })).toBe(1)
    expect(s.sum('ferry_hook_steps_total', { status: 'Failed' })).toBe(1)
    // Undocumented service strings map to Pending, as the journal does: the label set stays bounded.
    expect(s.sum('ferry_hook_steps_total', { status: 'Pending' })).toBe(1)
    expect(s.sum('ferry_fill_to_hook_seconds_count')).toBe(0)
  })

  test('behavior: service attempts by endpoint and outcome, 429s and retries', async () => {
    const h = harness()
    h.metrics.onServiceAttempt({ endpoint: 'create-tx', outcome: 'rateLimited' })
    h.metrics.onServiceRetry({ endpoint: 'create-tx', attemptNumber: 1, delayMs: 250 })
    h.metrics.onServiceAttempt({ endpoint: 'create-tx', outcome: 'ok' })
    h.metrics.onServiceAttempt({ endpoint: 'chain/transaction', outcome: 'timeout' })
    const s = await h.scrape()
    expect(s.sum('ferry_service_requests_total', { endpoint: 'create-tx' })).toBe(2)
    expect(s.sum('ferry_service_requests_total', { endpoint: 'create-tx', outcome: 'ok' })).toBe(1)
    expect(
      s.sum('ferry_service_requests_total', { endpoint: 'chain/transaction', outcome: 'timeout' }),
    ).toBe(1)
    expect(s.sum('ferry_service_rate_limited_total', { endpoint: 'create-tx' })).toBe(1)
    expect(s.sum('ferry_service_retries_total', { endpoint: 'create-tx' })).toBe(1)
  })

  test('behavior: an event it cannot count is counted as an observer error, never thrown', async () => {
    const h = harness()
    const broken = { type: 'balances', balances: null } as unknown as EngineEvent
    expect(() => h.metrics.observe(broken)).not.toThrow()
    const s = await h.scrape()
    expect(s.sum('ferry_metrics_observer_errors_total')).toBe(1)
  })

  test('behavior: its registry is its own, not prom-client’s global one', async () => {
    const { register } = await import('prom-client')
    const a = harness()
    const b = harness()
    a.metrics.observe({ type: 'killSwitch', engaged: true })
    expect((await b.scrape()).sum('ferry_kill_switch_engaged')).toBe(0)
    expect(register.getSingleMetric('ferry_kill_switch_engaged')).toBeUndefined()
  })
})
