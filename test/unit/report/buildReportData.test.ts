import { describe, expect, test } from 'vitest'
import { toPrintableJson } from '../../../src/common/format/toPrintableJson.ts'
import { buildReportData } from '../../../src/report/buildReportData.ts'
import { tmpJournal } from '../store/tmpJournal.ts'
import { ARB_SWAP, ARB_TO_BASE, buildReportJournal, SOL_TO_ARB, T0 } from './reportJournal.ts'

const NOW = T0 + 3_600_000

describe('buildReportData', () => {
  test('default: shapes routes, costs, edges, latency, outcomes, arbitrage and rows from the journal', () => {
    const { journal, path } = buildReportJournal()
    const data = buildReportData({
      activity: journal.activitySince(),
      journalPath: path,
      generatedAtMs: NOW,
      sinceMs: undefined,
    })

    expect(data.empty).toBe(false)
    expect(data.summary).toMatchObject({ intents: 6, orders: 3, observations: 9 })
    expect(data.summary.notionalUsd).toBe(2_560)
    expect(data.firstMs).toBe(T0)
    expect(data.outcomes).toEqual({
      completed: 2,
      failed: 1,
      refused: 3,
      cancelled: 1,
      postponed: 1,
      dryRun: 1,
      inFlight: 1,
    })
    expect(data.refusals).toEqual([
      { reason: 'costTooHigh', count: 2 },
      { reason: 'verification', count: 1 },
    ])

    // Quoted = the decision quote's amountOut, realized = the order's filledAmount.
    expect(data.routes.map((r) => [r.route, r.label, r.outSymbol])).toEqual([
      [ARB_TO_BASE, 'Arbitrum USDC → Base USDC', 'USDC'],
      [SOL_TO_ARB, 'Solana USDC → Arbitrum USDC', 'USDC'],
      [ARB_SWAP, 'Arbitrum: USDC → 0x82af…bab1', '0x82af…bab1'],
    ])
    expect(data.routes[0]!.points).toEqual([
      {
        intentId: 'a',
        atMs: T0 - 20,
        quotedAmountOut: 999_500_000n,
        realizedAmountOut: 999_000_000n,
        outDecimals: 6,
        shortfallBps: 5,
      },
    ])
    expect(data.routes[1]!.points[0]).toMatchObject({ realizedAmountOut: undefined })
    expect(data.routes[2]!.points[0]).toMatchObject({ outDecimals: 18 })

    // Costs by kind in the engine's order: sums, and per order over the 3 quoted intents.
    expect(data.costs.byKind.map((k) => k.kind)).toEqual(['fixFee', 'txFee', 'protocolFee', 'swap'])
    const fixFee = data.costs.byKind[0]!
    expect(fixFee.totalUsd).toBe(4)
    expect(fixFee.perOrderUsd).toBeCloseTo(4 / 3, 10)
    expect(data.costs.perOrder.map((o) => [o.intentId, o.totalUsd])).toEqual([
      ['a', 3.9],
      ['b', 1.5],
      ['c', 0.4],
    ])
    expect(data.summary.costsUsd).toBeCloseTo(5.8, 10)

    // Edges: the swap intent's quote and every aggregatorEdge observation, with thresholds.
    expect(data.edges.map((e) => [e.source, e.edgeBps, e.thresholdBps])).toEqual([
      ['intent', 12.5, undefined],
      ['observation', 3, 10],
      ['observation', 15, 10],
    ])

    // Latency from journal times: created at +150, filled at +4 150, hook done at +4 170.
    const [toCreated, toFilled, toHook] = data.latency
    expect(toCreated).toMatchObject({ stage: 'intentToCreated', samplesMs: [0, 150, 300] })
    expect(toFilled).toMatchObject({ stage: 'createdToFilled', count: 1, samplesMs: [4_000] })
    expect(toHook).toMatchObject({ stage: 'filledToHookDone', count: 1, p50Ms: 20, maxMs: 20 })

    // Every arbitrage observation, acted on or not; decisions and other kinds are not.
    expect(
      data.arbitrage.map((o) => [o.kind, o.valueBps, o.thresholdBps, o.marginBps, o.clears]),
    ).toEqual([
      ['aggregatorEdge', 3, 10, -7, false],
      ['roundTrip', -600, 5, -605, false],
      ['aggregatorEdge', 15, 10, 5, true],
    ])
    expect(data.arbitrage.every((o) => !o.acted && o.strategy === 'paper-arb')).toBe(true)
  })

  test('behavior: one row per intent with its amounts, timings and journal entries', () => {
    const { journal, path } = buildReportJournal()
    const data = buildReportData({
      activity: journal.activitySince(),
      journalPath: path,
      generatedAtMs: NOW,
      sinceMs: undefined,
    })
    expect(data.orders.map((r) => [r.intentId, r.state, r.refusedByVerifier])).toEqual([
      ['a', 'completed', false],
      ['b', 'failed', false],
      ['c', 'completed', false],
      ['d', 'failed', true],
      ['e', 'cancelled', false],
      ['f', 'broadcast', false],
    ])
    const a = data.orders[0]!
    expect(a).toMatchObject({
      strategy: 'usdc-arb-base',
      routeLabel: 'Arbitrum USDC → Base USDC',
      orderState: 'Fulfilled',
      quotedAmountOut: 999_500_000n,
      realizedAmountOut: 999_000_000n,
      outDecimals: 6,
      shortfallBps: 5,
      costBps: 39,
      intentToCreatedMs: 150,
      createdToFilledMs: 4_000,
      filledToHookDoneMs: 20,
      endToEndMs: 4_170,
    })
    expect(a.orderId).toMatch(/^0x0+1$/)
    // The journal entries the row links to: raw signed bytes are left out.
    expect(a.journal.quotes).toHaveLength(1)
    expect(a.journal.orders).toHaveLength(1)
    expect(a.journal.hookSteps).toMatchObject([{ step: '1', status: 'Executed' }])
    expect(a.journal.attempts).toHaveLength(1)
    expect(a.journal.attempts[0]).not.toHaveProperty('rawTx')
    expect(a.journal.attempts[0]).toMatchObject({ kind: 'order', nonce: 0 })
    // In flight: no end-to-end time; no quote: no amounts.
    expect(data.orders[5]).toMatchObject({ endToEndMs: undefined, quotedAmountOut: undefined })
  })

  test('behavior: --json form has bigints as decimal strings', () => {
    const { journal, path } = buildReportJournal()
    const data = buildReportData({
      activity: journal.activitySince(),
      journalPath: path,
      generatedAtMs: NOW,
      sinceMs: undefined,
    })
    const json = JSON.parse(JSON.stringify(toPrintableJson(data)))
    expect(json.routes[0].points[0]).toMatchObject({
      quotedAmountOut: '999500000',
      realizedAmountOut: '999000000',
    })
    expect(json.orders[0].journal.orders[0].filledAmount).toBe('999000000')
  })

  test('behavior: --since leaves out what was journaled before it', () => {
    const { journal, path } = buildReportJournal()
    const sinceMs = T0 + 60_000
    const data = buildReportData({
      activity: journal.activitySince(sinceMs),
      journalPath: path,
      generatedAtMs: NOW,
      sinceMs,
    })
    // a (T0) and b (T0 + 5 170) are before it; c onwards and every observation after.
    expect(data.orders.map((r) => r.intentId)).toEqual(['c', 'd', 'e', 'f'])
    expect(data.summary.observations).toBe(9)
    expect(data.sinceMs).toBe(sinceMs)
  })

  test('behavior: an empty journal is an empty report', () => {
    const { journal, path } = tmpJournal()
    const data = buildReportData({
      activity: journal.activitySince(),
      journalPath: path,
      generatedAtMs: NOW,
      sinceMs: undefined,
    })
    expect(data.empty).toBe(true)
    expect(data.firstMs).toBeUndefined()
    expect(data.orders).toEqual([])
    expect(data.latency.every((s) => s.count === 0 && s.histogram.length === 0)).toBe(true)
    expect(Object.values(data.outcomes).every((n) => n === 0)).toBe(true)
  })

  test('behavior: --config names arbitrage strategies whose other kinds count too', () => {
    const { journal, path } = buildReportJournal()
    journal.recordObservation('paper-arb', { kind: 'triangle', valueBps: 1, thresholdBps: 2 })
    const data = buildReportData({
      activity: journal.activitySince(),
      journalPath: path,
      generatedAtMs: NOW,
      sinceMs: undefined,
      arbitrageStrategyIds: ['paper-arb'],
    })
    expect(data.arbitrage.map((o) => o.kind)).toContain('triangle')
  })
})
