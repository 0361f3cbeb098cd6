import { describe, expect, test } from 'vitest'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import { harness, TX_HASH } from './ferryMetricsHarness.ts'

describe('createFerryMetrics', () => {
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
})
