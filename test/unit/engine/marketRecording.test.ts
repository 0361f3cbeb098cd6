import { describe, expect, test } from 'vitest'
import { engineWithFakes, rebalanceConfig } from './engineFixture.ts'

describe('the engine records the market each tick saw (for ferry replay)', () => {
  test('default: a tick journals its due strategies, its balances and every quote fetched', async () => {
    const { engine, journal, clock } = engineWithFakes(rebalanceConfig(), {
      track: async () => ({ state: 'completed', detail: 'filled' }),
    })
    const tickMs = clock.nowMs()
    await engine.tick()
    const { ticks, quotes } = journal.marketBetween()
    expect(ticks).toHaveLength(1)
    expect(ticks[0]).toMatchObject({ tickMs, strategies: ['usdc'] })
    expect(ticks[0]!.balances.map((b) => [b.chainId, b.amount])).toEqual([
      [42161, 3_000_000_000n],
      [8453, 1_000_000_000n],
    ])
    expect(quotes).toHaveLength(1)
    expect(quotes[0]).toMatchObject({ strategy: 'usdc', tickMs, endpoint: 'create-tx' })
    expect(quotes[0]!.request).toMatchObject({ kind: 'crossChain', amountIn: 1_000_000_000n })
    // Compact: the parsed quote, not the service's answer; the request is not repeated in it.
    expect(quotes[0]!.response).toMatchObject({ amountOut: 999_000_000n })
    expect(quotes[0]!.response).not.toHaveProperty('request')
  })

  test('behavior: recording.retentionMs prunes old ticks and quotes, never an intent’s quote', async () => {
    const config = rebalanceConfig()
    const { engine, journal, clock } = engineWithFakes(
      { ...config, recording: { retentionMs: 120_000 } },
      { track: async () => ({ state: 'completed', detail: 'filled' }) },
    )
    const firstMs = clock.nowMs()
    await engine.tick()
    await engine.run({ ticks: 0 })
    clock.advanceMs(200_000)
    await engine.tick()
    const { ticks, quotes } = journal.marketBetween()
    expect(ticks.map((t) => t.tickMs)).toEqual([firstMs + 200_000])
    expect(quotes.every((q) => q.tickMs === firstMs + 200_000)).toBe(true)
    // The first tick's intent still has its decision quote.
    const [first] = journal.history({ limit: 10 }).reverse()
    expect(first?.quotes).toHaveLength(1)
  })
})
