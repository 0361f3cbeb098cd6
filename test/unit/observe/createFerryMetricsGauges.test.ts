import { describe, expect, test } from 'vitest'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import { ADDRESS, harness, START_MS } from './ferryMetricsHarness.ts'

describe('createFerryMetrics', () => {
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
