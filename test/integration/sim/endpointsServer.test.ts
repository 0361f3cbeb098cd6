import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { externalCallProcessSchema } from '../../../src/api/schemas/externalCallProcess.ts'
import {
  referralLeaderboardSchema,
  walletLeaderboardSchema,
} from '../../../src/api/schemas/leaderboard.ts'
import { BASE, ORDER_ID, SIMULATORS, sim, useEndpointsSim } from './endpointsWorld.ts'
import { ADDR, startTestSim, type TestSim, toQueryStrings } from './startTestSim.ts'

describe.each(SIMULATORS)('simulator endpoints with $name, parsed by the client', ({ start }) => {
  useEndpointsSim(start)

  test('default: base and stats on two ports', () => {
    expect(sim.server.baseUrl).not.toBe(sim.server.statsUrl)
    expect(sim.server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  test('externalCallProcess: a recorded order', async () => {
    const process = await sim.client.getExternalCallProcess(ORDER_ID)
    expect(externalCallProcessSchema.parse(process).totalInstructionsCount).toBe(2)
    expect(process.steps).toHaveLength(1)
  })

  test.each([
    { name: 'page', body: { skip: 0, take: 10 } },
    { name: 'page with hex search', body: { skip: 5, take: 3, walletAddress: ADDR.maker } },
    { name: 'page with null search', body: { skip: 0, take: 1, walletAddress: null } },
  ])('usersLeaderboard: $name', async ({ body }) => {
    const board = await sim.client.getWalletLeaderboard(body)
    expect(walletLeaderboardSchema.parse(board).users).toHaveLength(body.take)
  })

  test.each([
    { name: 'page', body: { skip: 0, take: 10 } },
    { name: 'page with search', body: { skip: 0, take: 100, referralCode: 31805 } },
  ])('referralProgramLeaderboard: $name', async ({ body }) => {
    const board = await sim.client.getReferralLeaderboard(body)
    expect(referralLeaderboardSchema.parse(board).users?.length).toBeGreaterThan(0)
  })

  test('behavior: leaderboards accept application/json as well', async () => {
    const raw = await sim.post(
      '/api/Users/usersLeaderboard',
      { skip: 0, take: 2 },
      'application/json',
    )
    expect(raw.status).toBe(200)
    expect(walletLeaderboardSchema.parse(raw.json).users).toHaveLength(2)
  })

  test('behavior: another media type is refused with 415', async () => {
    const raw = await sim.post('/api/Users/usersLeaderboard', { skip: 0, take: 2 }, 'text/plain')
    expect(raw.status).toBe(415)
  })

  test('behavior: the access token parameter is accepted and ignored', async () => {
    const raw = await sim.get('/v1.0/net/order/create-tx', {
      ...toQueryStrings(BASE),
      accesstoken: 'secret',
    })
    expect(raw.status).toBe(200)
  })

  test('behavior: /health answers on both ports', async () => {
    for (const base of [sim.server.baseUrl, sim.server.statsUrl]) {
      const response = await fetch(`${base}/health`)
      expect(await response.json()).toEqual({ status: 'ok' })
    }
  })

  test('behavior: each port serves only its own paths', async () => {
    const stats = await fetch(`${sim.server.statsUrl}/v1.0/net/order/create-tx`)
    expect(stats.status).toBe(404)
    await stats.body?.cancel()
    const base = await fetch(`${sim.server.baseUrl}/api/Orders/${ORDER_ID}/externalCallProcess`)
    expect(base.status).toBe(404)
    await base.body?.cancel()
  })
})

describe('simulator on one port', () => {
  // Its own simulator (stats on the base port), not the world's: this `sim` shadows the import.
  let sim: TestSim
  beforeAll(async () => {
    sim = await startTestSim()
  })
  afterAll(() => sim.server.close())

  test('default: base and stats share the port', async () => {
    expect(sim.server.statsUrl).toBe(sim.server.baseUrl)
    const board = await sim.client.getWalletLeaderboard({ skip: 0, take: 1 })
    expect(board.totalCount).toBeGreaterThan(0)
    const quote = await sim.client.createOrderTx(BASE)
    expect(quote.kind).toBe('quote')
  })
})
