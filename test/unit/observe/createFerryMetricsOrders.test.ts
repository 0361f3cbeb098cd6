import { describe, expect, test } from 'vitest'
import {
  ADDRESS,
  harness,
  INTENT_ID,
  ORDER_ID,
  orderWithHook,
  ROUTE,
  SOLANA_SIGNATURE,
  TX_HASH,
} from './ferryMetricsHarness.ts'

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
})
