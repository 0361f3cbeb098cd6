import { describe, expect, test } from 'vitest'
import { aggregatorEdgeBps } from '../../../src/common/strategy/aggregatorEdgeBps.ts'
import {
  arbitrage,
  arbitrageParamsSchema,
  roundTripProfitBps,
} from '../../../strategies/arbitrage.ts'
import {
  buildQuote,
  buildSnapshot,
  USDC_ARB,
  USDC_BASE,
  usdc,
  WETH_ARB,
} from './buildStrategyFixture.ts'

const swapPair = { chainId: 42161, tokenIn: USDC_ARB, tokenOut: WETH_ARB, amountIn: '100000000' }
const trip = {
  chainA: 42161,
  tokenA: USDC_ARB,
  chainB: 8453,
  tokenB: USDC_BASE,
  amountIn: '100000000',
  returnAmountIn: '100000000',
}
const snapshot = buildSnapshot([usdc(42161, 1_000_000_000n), usdc(8453, 1_000_000_000n)])

function live(extra: object = {}) {
  return arbitrageParamsSchema.parse({
    paper: false,
    swapPairs: [swapPair],
    roundTrips: [trip],
    minEdgeBps: 20,
    minProfitBps: 10,
    ...extra,
  })
}

function quotesFor(
  params: ReturnType<typeof live>,
  swapOut: bigint,
  bestOther: bigint,
  backOut: bigint,
) {
  const [swap, out, back] = arbitrage.plan(snapshot, params)
  if (!swap || !out || !back) throw new Error('plan')
  return [
    buildQuote(swap, swapOut, {
      comparedAggregators: [
        { name: 'a', amountOut: bestOther, amountOutUsd: 0 },
        { name: 'b', amountOut: bestOther - 5n, amountOutUsd: 0 },
      ],
    }),
    buildQuote(out, 100_000_000n),
    buildQuote(back, backOut),
  ]
}

describe('arbitrage', () => {
  test('default: paper mode, thresholds 20 and 30 bps', () => {
    const p = arbitrageParamsSchema.parse({ swapPairs: [swapPair] })
    expect(p).toMatchObject({ paper: true, minEdgeBps: 20, minProfitBps: 30, roundTrips: [] })
    expect(arbitrageParamsSchema.safeParse({}).success).toBe(false)
  })

  test('behavior: plans the swap and both legs of each round trip, quoted now', () => {
    const requests = arbitrage.plan(snapshot, live())
    expect(requests.map((r) => r.requestId)).toEqual([
      'arbitrage:swap:0',
      'arbitrage:trip:0:out',
      'arbitrage:trip:0:back',
    ])
    expect(requests[2]).toMatchObject({
      srcChainId: 8453,
      dstChainId: 42161,
      amountIn: 100_000_000n,
    })
  })

  test('behavior: aggregator edge at and just under minEdgeBps', () => {
    const p = live()
    // 10 020 vs best 10 000 = exactly 20 bps → acts
    const at = arbitrage.decide(quotesFor(p, 10_020n, 10_000n, 0n), snapshot, p)
    expect(at.observations[0]).toMatchObject({ kind: 'aggregatorEdge', valueBps: 20, acted: true })
    expect(at.intents.map((i) => i.route.requestId)).toContain('arbitrage:swap:0')
    const under = arbitrage.decide(quotesFor(p, 10_019n, 10_000n, 0n), snapshot, p)
    expect(under.observations[0]).toMatchObject({ valueBps: 19, acted: false })
    expect(under.intents).toEqual([])
  })

  test('behavior: round trip profit at and under minProfitBps, first leg only', () => {
    const p = live()
    // A→B 100 → 100, B→A 100 → 100.1: +10 bps exactly
    const at = arbitrage.decide(quotesFor(p, 0n, 1n, 100_100_000n), snapshot, p)
    const trip = at.observations.find((o) => o.kind === 'roundTrip')
    expect(trip).toMatchObject({ valueBps: 10, acted: true, thresholdBps: 10 })
    expect(at.intents.map((i) => i.route.requestId)).toEqual(['arbitrage:trip:0:out'])
    const under = arbitrage.decide(quotesFor(p, 0n, 1n, 100_099_999n), snapshot, p)
    expect(under.intents).toEqual([])
    expect(under.observations.find((o) => o.kind === 'roundTrip')?.acted).toBe(false)
  })

  test('behavior: costs on both legs are netted out', () => {
    const p = live()
    const [, out, back] = quotesFor(p, 0n, 1n, 100_200_000n)
    if (!out || !back) throw new Error('quotes')
    // +20 bps gross, 0.15 USD gas on 100 USD = 15 bps → 5 bps net, under 10
    const net = roundTripProfitBps({ ...out, nativeCostUsd: 0.1 }, { ...back, nativeCostUsd: 0.05 })
    expect(net).toBeCloseTo(5, 6)
  })

  test('behavior: paper mode records every observation and emits no intent', () => {
    const p = live({ paper: true })
    const result = arbitrage.decide(quotesFor(p, 20_000n, 10_000n, 200_000_000n), snapshot, p)
    expect(result.intents).toEqual([])
    expect(result.observations).toHaveLength(2)
    expect(result.observations.every((o) => o.acted === false)).toBe(true)
  })

  test('behavior: a missing leg or no compared aggregators is still observed', () => {
    const p = live()
    const [swap] = quotesFor(p, 10_000n, 1n, 0n)
    if (!swap) throw new Error('quotes')
    const bare = { ...swap, comparedAggregators: [] }
    expect(aggregatorEdgeBps(bare)).toBeUndefined()
    const result = arbitrage.decide([bare], snapshot, p)
    expect(result.intents).toEqual([])
    expect(result.observations.map((o) => [o.kind, o.valueBps])).toEqual([
      ['aggregatorEdge', undefined],
      ['roundTrip', undefined],
    ])
  })
})
