import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ServiceError } from '../../../src/api/ServiceError.ts'
import { createManualClock } from '../../../src/common/clock.ts'
import { ADDR, startTestSim, type TestSim } from './startTestSim.ts'

const QUERY = {
  srcChainId: '42161',
  srcChainTokenIn: ADDR.arbUsdc,
  srcChainTokenInAmount: '100000000',
  dstChainId: '8453',
  dstChainTokenOut: ADDR.baseUsdc,
}
const CREATE_TX = '/v1.0/net/order/create-tx'

describe('rate limit', () => {
  // 15 s into a clock minute, so the window resets in 45 s.
  const clock = createManualClock(29_000_000 * 60_000 + 15_000)
  let sim: TestSim
  beforeAll(async () => {
    sim = await startTestSim({ rateLimitPerMinute: 3, clock })
  })
  afterAll(() => sim.server.close())

  test('default: the budget is per endpoint; beyond it 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await sim.get(CREATE_TX, QUERY)).status).toBe(200)
    const refused = await sim.get(CREATE_TX, QUERY)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('45')
    expect(refused.json).toMatchObject({ errorId: 'TOO_MANY_REQUESTS' })
    // Another endpoint has its own budget, and /health is never limited.
    expect((await sim.post('/api/Users/usersLeaderboard', { skip: 0, take: 1 })).status).toBe(200)
    expect((await sim.get('/health')).status).toBe(200)
    // The client sees a 429 ServiceError once its retries are spent.
    const error = await sim.client
      .createOrderTx({
        srcChainId: 42161,
        srcChainTokenIn: ADDR.arbUsdc,
        srcChainTokenInAmount: 1n,
        dstChainId: 8453,
        dstChainTokenOut: ADDR.baseUsdc,
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceError)
    expect((error as ServiceError).status).toBe(429)
  })

  test('behavior: the budget comes back when the minute turns', async () => {
    clock.advanceMs(44_000)
    expect((await sim.get(CREATE_TX, QUERY)).headers.get('retry-after')).toBe('1')
    clock.advanceMs(1_000)
    expect((await sim.get(CREATE_TX, QUERY)).status).toBe(200)
  })
})

describe('rate limit off (the default)', () => {
  let sim: TestSim
  beforeAll(async () => {
    sim = await startTestSim()
  })
  afterAll(() => sim.server.close())

  test('default: 120 requests in one minute all pass', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 120 }, () => sim.get(CREATE_TX, QUERY).then((r) => r.status)),
    )
    expect(new Set(statuses)).toEqual(new Set([200]))
  })
})
