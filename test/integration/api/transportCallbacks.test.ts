import { afterEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import type { AttemptOutcome } from '../../../src/api/AttemptOutcome.ts'
import { createTransport, type TransportConfig } from '../../../src/api/createTransport.ts'
import {
  type FixtureAnswer,
  type FixtureServer,
  startFixtureServer,
} from '../../helpers/startFixtureServer.ts'

const okSchema = z.looseObject({ ok: z.literal(true) })
let server: FixtureServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

/** Runs one create-tx request against answers; returns the callbacks' records. */
async function run(answers: (i: number) => FixtureAnswer, config: Partial<TransportConfig> = {}) {
  server = await startFixtureServer((_req, i) => answers(i))
  const attempts: AttemptOutcome[] = []
  const retries: { attemptNumber: number; delayMs: number }[] = []
  const transport = createTransport({
    apiUrl: server.url,
    statsUrl: server.url,
    clock: { nowMs: () => Date.now(), sleepMs: async () => {} },
    retries: 3,
    retryBaseDelayMs: 100,
    random: () => 0.5,
    onAttempt: ({ endpoint, outcome }) => {
      expect(endpoint).toBe('create-tx')
      attempts.push(outcome)
    },
    onRetry: ({ attemptNumber, delayMs }) => retries.push({ attemptNumber, delayMs }),
    ...config,
  })
  const result = await transport
    .request({
      endpoint: 'create-tx',
      base: 'api',
      method: 'GET',
      path: '/v1.0/net/order/create-tx',
      schema: okSchema,
    })
    .then(
      () => 'ok',
      (error: Error) => error.name,
    )
  return { result, attempts, retries }
}

describe('createTransport onAttempt / onRetry', () => {
  test('default: a 429 then a 503 then 200 report each attempt and both retries', async () => {
    const { result, attempts, retries } = await run((i) =>
      i === 0
        ? { status: 429, body: {} }
        : i === 1
          ? { status: 503, body: { errorCode: 0, errorId: 'DOWN', errorMessage: 'down' } }
          : { body: { ok: true } },
    )
    expect(result).toBe('ok')
    expect(attempts).toEqual(['rateLimited', 'serverError', 'ok'])
    // random() = 0.5 of 100 and 200 ms.
    expect(retries).toEqual([
      { attemptNumber: 1, delayMs: 50 },
      { attemptNumber: 2, delayMs: 100 },
    ])
  })

  test('behavior: error bodies, malformed answers and 4xx are reported and never retried', async () => {
    const errorBody = await run(() => ({
      body: { errorCode: 1, errorId: 'WRONG', errorMessage: 'no' },
    }))
    expect(errorBody).toMatchObject({ result: 'ServiceError', attempts: ['serviceError'] })
    const malformed = await run(() => ({ rawBody: 'not json' }))
    expect(malformed).toMatchObject({ result: 'ServiceResponseError', attempts: ['malformed'] })
    const badRequest = await run(() => ({ status: 400, body: {} }))
    expect(badRequest).toMatchObject({ result: 'ServiceError', attempts: ['serviceError'] })
    for (const r of [errorBody, malformed, badRequest]) expect(r.retries).toEqual([])
  })

  test('behavior: a timeout is reported as timeout', async () => {
    const { result, attempts } = await run(() => ({ hang: true }), { timeoutMs: 50, retries: 0 })
    expect(result).toBe('ServiceUnreachableError')
    expect(attempts).toEqual(['timeout'])
  })

  test('behavior: callbacks that throw never fail the request', async () => {
    const { result } = await run(() => ({ body: { ok: true } }), {
      onAttempt: () => {
        throw new Error('metrics bug')
      },
    })
    expect(result).toBe('ok')
  })
})
