import { afterEach, describe, expect, test } from 'vitest'
import { serviceErrorBodySchema } from '../../../src/api/schemas/serviceErrorBody.ts'
import type { SimServerDeps } from '../../../src/sim/server/simServerDeps.ts'
import { quoteOrderDouble } from '../../helpers/simQuoteDoubles.ts'
import { ADDR, startTestSim, type TestSim } from './startTestSim.ts'

const CREATE_TX = '/v1.0/net/order/create-tx'
const QUERY = {
  srcChainId: '42161',
  srcChainTokenIn: ADDR.arbUsdc,
  srcChainTokenInAmount: '100000000',
  dstChainId: '8453',
  dstChainTokenOut: ADDR.baseUsdc,
}
const TX = {
  dstChainTokenOutRecipient: ADDR.maker,
  srcChainOrderAuthorityAddress: ADDR.maker,
  dstChainOrderAuthorityAddress: ADDR.maker,
}

const started: TestSim[] = []
async function start(deps: Partial<SimServerDeps>): Promise<TestSim> {
  const sim = await startTestSim(deps)
  started.push(sim)
  return sim
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.server.close()))
})

describe('quote builder failures', () => {
  test('default: a throw with an errorId is a 400 with that id and its real code', async () => {
    const sim = await start({
      quoteOrder: () => {
        throw Object.assign(new Error('too small'), { errorId: 'ERROR_LOW_GIVE_AMOUNT' })
      },
    })
    const raw = await sim.get(CREATE_TX, QUERY)
    expect(raw.status).toBe(400)
    expect(serviceErrorBodySchema.parse(raw.json)).toMatchObject({
      errorId: 'ERROR_LOW_GIVE_AMOUNT',
      errorCode: 12,
      errorMessage: 'too small',
    })
  })

  test('behavior: any other throw is a 500 INTERNAL_SERVER_ERROR', async () => {
    const sim = await start({
      quoteOrder: () => {
        throw new Error('bug')
      },
    })
    const raw = await sim.get(CREATE_TX, QUERY)
    expect(raw.status).toBe(500)
    expect(raw.json).toMatchObject({ errorId: 'INTERNAL_SERVER_ERROR' })
  })

  test('behavior: an answer outside the client schema is caught by the self-check', async () => {
    const sim = await start({
      quoteOrder: (params, ctx) => ({ ...quoteOrderDouble(params, ctx), fixFee: '1.5' }),
    })
    const raw = await sim.get(CREATE_TX, QUERY)
    expect(raw.status).toBe(500)
    expect(raw.json).toMatchObject({
      errorId: 'INTERNAL_SERVER_ERROR',
      errorPayload: { issues: [expect.objectContaining({ path: 'fixFee' })] },
    })
  })

  test('behavior: a tx on a quote-only request breaks rule 1 and is caught', async () => {
    const sim = await start({
      quoteOrder: async (params, ctx) => ({
        ...(await quoteOrderDouble({ ...params, ...TX }, ctx)),
      }),
    })
    const raw = await sim.get(CREATE_TX, QUERY)
    expect(raw.status).toBe(500)
    expect(raw.json).toMatchObject({
      errorPayload: { issues: [expect.objectContaining({ path: 'tx' })] },
    })
  })

  test('behavior: a buildable request answered without orderId is caught', async () => {
    const sim = await start({
      quoteOrder: async (params, ctx) => {
        const { orderId: _dropped, ...rest } = await quoteOrderDouble(params, ctx)
        return rest
      },
    })
    const raw = await sim.get(CREATE_TX, { ...QUERY, ...TX })
    expect(raw.status).toBe(500)
  })

  test('behavior: with the self-check off the answer goes out as built', async () => {
    const sim = await start({
      selfCheck: false,
      quoteOrder: (params, ctx) => ({ ...quoteOrderDouble(params, ctx), fixFee: '1.5' }),
    })
    const raw = await sim.get(CREATE_TX, QUERY)
    expect(raw.status).toBe(200)
  })
})
