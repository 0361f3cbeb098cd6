import { describe, expect, test } from 'vitest'
import { engineWithFakes, rebalanceConfig } from './engineFixture.ts'

describe('strategies see in-flight intents (the snapshot carries them)', () => {
  test('behavior: a weighted rebalance does not send the same move again while its order is on its way', async () => {
    // 3 000 / 1 000 at 50/50: one move of 1 000. Once it is created, the source shows 2 000 and
    // the destination still 1 000 until the fill: without the in-flight order, 500 more would go.
    const { engine, clock, events, journal } = engineWithFakes(
      rebalanceConfig({}, { weights: true, toleranceBps: 50 }),
    )
    await engine.tick()
    clock.advanceMs(1_000)
    await engine.tick()
    clock.advanceMs(1_000)
    await engine.tick()
    const intents = events.filter((e) => e.type === 'intent')
    expect(intents.map((i) => i.amountIn)).toEqual(['1000000000'])
    expect(journal.status().inFlight).toHaveLength(1)
  })
})
