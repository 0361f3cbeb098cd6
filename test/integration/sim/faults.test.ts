import { afterEach, describe, expect, test } from 'vitest'
import { ServiceError } from '../../../src/api/ServiceError.ts'
import { ServiceResponseError } from '../../../src/api/ServiceResponseError.ts'
import { type Clock, createManualClock } from '../../../src/common/clock.ts'
import type { SimServerDeps } from '../../../src/sim/server/simServerDeps.ts'
import { ADDR, startTestSim, type TestSim } from './startTestSim.ts'

const CREATE_TX = '/v1.0/net/order/create-tx'
const QUERY = {
  srcChainId: '42161',
  srcChainTokenIn: ADDR.arbUsdc,
  srcChainTokenInAmount: '100000000',
  dstChainId: '8453',
  dstChainTokenOut: ADDR.baseUsdc,
}
const PARAMS = {
  srcChainId: 42161,
  srcChainTokenIn: ADDR.arbUsdc,
  srcChainTokenInAmount: 100_000_000n,
  dstChainId: 8453,
  dstChainTokenOut: ADDR.baseUsdc,
} as const

const started: TestSim[] = []
async function start(deps: Partial<SimServerDeps>): Promise<TestSim> {
  const sim = await startTestSim(deps)
  started.push(sim)
  return sim
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.server.close()))
})

describe('fault knobs', () => {
  test('default: latencyMs delays every endpoint answer on the injected clock', async () => {
    const manual = createManualClock(0)
    let sleepStarted: () => void = () => {}
    const slept = new Promise<void>((resolve) => {
      sleepStarted = resolve
    })
    const clock: Clock = {
      nowMs: manual.nowMs,
      sleepMs: (ms, signal) => {
        const done = manual.sleepMs(ms, signal)
        sleepStarted()
        return done
      },
    }
    const sim = await start({ clock, faults: { latencyMs: 250 } })
    const answer = sim.get(CREATE_TX, QUERY)
    await slept
    expect(manual.sleeps).toEqual([250])
    manual.advanceMs(250)
    expect((await answer).status).toBe(200)
    // /health is not delayed: it answers with no clock movement.
    expect((await sim.get('/health')).status).toBe(200)
    expect(manual.sleeps).toEqual([250])
  })

  test('behavior: serverErrorRate=1 answers 500 INTERNAL_SERVER_ERROR on every endpoint', async () => {
    const sim = await start({ faults: { serverErrorRate: 1 } })
    const answers = await Promise.all([
      sim.get(CREATE_TX, QUERY),
      sim.get('/v1.0/chain/transaction', {}),
      sim.get(`/api/Orders/0x${'1'.repeat(64)}/externalCallProcess`),
      sim.post('/api/Users/usersLeaderboard', { skip: 0, take: 1 }),
      sim.post('/api/Users/referralProgramLeaderboard', { skip: 0, take: 1 }),
    ])
    for (const a of answers) {
      expect(a.status).toBe(500)
      expect(a.json).toMatchObject({ errorId: 'INTERNAL_SERVER_ERROR' })
    }
    expect((await sim.get('/health')).status).toBe(200)
  })

  test('behavior: errorIdRate=1 answers 200 with an error body, which the client rejects', async () => {
    const sim = await start({ faults: { errorIdRate: 1 } })
    const raw = await sim.get(CREATE_TX, QUERY)
    expect(raw.status).toBe(200)
    expect(raw.json).toMatchObject({ errorId: 'COMPLIANCE_ADDRESS_BLOCKED', errorCode: 123 })
    const error = await sim.client.createOrderTx(PARAMS).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceError)
    expect((error as ServiceError).status).toBe(200)
  })

  test('behavior: malformedJsonRate=1 sends unparsable JSON, which the client rejects', async () => {
    const sim = await start({ faults: { malformedJsonRate: 1 } })
    const raw = await sim.get(CREATE_TX, QUERY)
    expect(raw.status).toBe(200)
    expect(raw.json).toBeUndefined()
    expect(raw.text.startsWith('{')).toBe(true)
    const error = await sim.client
      .getWalletLeaderboard({ skip: 0, take: 1 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceResponseError)
  })

  test('behavior: staleQuoteRate=1 re-serves the previous answer to the same query', async () => {
    const clock = createManualClock(1_767_225_600_000)
    const sim = await start({ clock, faults: { staleQuoteRate: 1 } })
    const first = await sim.get(CREATE_TX, QUERY)
    clock.advanceMs(60_000)
    const stale = await sim.get(CREATE_TX, QUERY)
    expect(stale.text).toBe(first.text)
    const other = await sim.get(CREATE_TX, { ...QUERY, srcChainTokenInAmount: '200000000' })
    expect((other.json as { order: { salt: number } }).order.salt).toBe(1_767_225_660_000)
  })

  test('behavior: without the stale knob a repeated query is quoted afresh', async () => {
    const clock = createManualClock(1_767_225_600_000)
    const sim = await start({ clock })
    const first = await sim.get(CREATE_TX, QUERY)
    clock.advanceMs(60_000)
    const again = await sim.get(CREATE_TX, QUERY)
    expect(again.text).not.toBe(first.text)
  })

  test('behavior: fault draws are deterministic by seed', async () => {
    const statuses = async (seed: number): Promise<number[]> => {
      const sim = await start({ seed, faults: { serverErrorRate: 0.5 } })
      const out: number[] = []
      // Sequential, so the draws happen in request order.
      for (let i = 0; i < 40; i++) out.push((await sim.get(CREATE_TX, QUERY)).status)
      return out
    }
    const a = await statuses(42)
    expect(await statuses(42)).toEqual(a)
    expect(await statuses(43)).not.toEqual(a)
    expect(a).toContain(200)
    expect(a).toContain(500)
  })
})
