import { describe, expect, test } from 'vitest'
import { systemClock } from '../../../src/common/clock.ts'
import { createNativePrices } from '../../../src/execute/market/createNativePrices.ts'

describe('native prices for the engine view', () => {
  test('behavior: a service that never answers the price quote is given up after waitMs and named, so the balances go on', async () => {
    const warnings: { error: string }[] = []
    const logger = {
      debug() {},
      info() {},
      error() {},
      warn: (o: object) => warnings.push(o as { error: string }),
    }
    const priceOf = createNativePrices({
      api: { getSwapTransaction: () => new Promise(() => {}) } as never,
      walletOn: () => '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A',
      clock: systemClock,
      logger: logger as never,
      waitMs: 20,
    })
    expect(await priceOf(42161)).toBeUndefined()
    expect(warnings[0]?.error).toBe('the service did not answer a price quote within 20 ms')
  })
})
