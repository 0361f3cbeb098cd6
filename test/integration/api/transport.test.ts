import { type AddressInfo, createServer as createNetServer } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { createTransport, type TransportConfig } from '../../../src/api/createTransport.ts'
import { ServiceError } from '../../../src/api/ServiceError.ts'
import { ServiceResponseError } from '../../../src/api/ServiceResponseError.ts'
import { ServiceUnreachableError } from '../../../src/api/ServiceUnreachableError.ts'
import type { Clock } from '../../../src/common/clock.ts'
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

/** A clock whose sleeps return at once and are recorded, so backoff is asserted without waiting. */
function recordingClock(): Clock & { sleeps: number[] } {
  const sleeps: number[] = []
  return { sleeps, nowMs: () => Date.now(), sleepMs: async (ms) => void sleeps.push(ms) }
}

async function run(answers: (i: number) => FixtureAnswer, config: Partial<TransportConfig> = {}) {
  server = await startFixtureServer((_req, i) => answers(i))
  const clock = recordingClock()
  const transport = createTransport({
    apiUrl: server.url,
    statsUrl: server.url,
    clock,
    retries: 3,
    retryBaseDelayMs: 100,
    random: () => 0.5,
    ...config,
  })
  const request = () =>
    transport.request({
      endpoint: 'create-tx',
      base: 'api',
      method: 'GET',
      path: '/v1.0/net/order/create-tx',
      schema: okSchema,
    })
  return { transport, request, clock, server }
}

describe('createTransport retry policy', () => {
  test('default: a 200 answer is parsed with the schema on the first attempt', async () => {
    const { request, server, clock } = await run(() => ({ body: { ok: true, extra: 1 } }))
    await expect(request()).resolves.toEqual({ ok: true, extra: 1 })
    expect(server.requests).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
  })

  test('behavior: 429 with Retry-After is retried after at least that many seconds', async () => {
    const { request, server, clock } = await run((i) =>
      i < 2 ? { status: 429, headers: { 'retry-after': '2' }, body: {} } : { body: { ok: true } },
    )
    await expect(request()).resolves.toEqual({ ok: true })
    expect(server.requests).toHaveLength(3)
    expect(clock.sleeps).toEqual([2000, 2000])
  })

  test('behavior: 5xx is retried with exponential backoff and jitter, then gives up', async () => {
    const { request, server, clock } = await run(() => ({
      status: 503,
      body: { errorCode: 0, errorId: 'INTERNAL_SERVER_ERROR', errorMessage: 'down' },
    }))
    const error = await request().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceError)
    expect((error as ServiceError).status).toBe(503)
    expect(server.requests).toHaveLength(4)
    // random() = 0.5 of 100, 200, 400 ms
    expect(clock.sleeps).toEqual([50, 100, 200])
  })

  test('behavior: a network error a retry may cure (the connection reset) is retried', async () => {
    // A server that accepts and drops each connection: no HTTP answer, no permanent code.
    const dropper = createNetServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(dropper.address() as AddressInfo).port}`
    try {
      const transport = createTransport({
        apiUrl: url,
        statsUrl: url,
        clock: recordingClock(),
        retries: 2,
      })
      const error = await transport
        .request({
          endpoint: 'create-tx',
          base: 'api',
          method: 'GET',
          path: '/x',
          schema: okSchema,
        })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ServiceUnreachableError)
      expect((error as ServiceUnreachableError).reason).toBe('network')
      expect(transport.attempts['create-tx']).toBe(3)
    } finally {
      await new Promise((resolve) => dropper.close(resolve))
    }
  })

  test('behavior: a refused port is a permanent error: one attempt, naming the host and the fix', async () => {
    const { server: closed } = await run(() => ({ body: { ok: true } }))
    const url = closed.url
    await closed.close()
    const clock = recordingClock()
    const transport = createTransport({ apiUrl: url, statsUrl: url, clock, retries: 4 })
    const error = await transport
      .request({ endpoint: 'create-tx', base: 'api', method: 'GET', path: '/x', schema: okSchema })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceUnreachableError)
    expect(transport.attempts['create-tx']).toBe(1)
    expect(clock.sleeps).toEqual([])
    expect((error as ServiceUnreachableError).shortMessage).toContain(
      `${new URL(url).host}: nothing listens there (connection refused) (ECONNREFUSED)`,
    )
    expect((error as ServiceUnreachableError).metaMessages[0]).toMatch(
      /^fix: check the service URL/,
    )
  })

  test('behavior: a host name that does not resolve is not retried', async () => {
    const clock = recordingClock()
    const url = 'http://ferry-no-such-host.invalid'
    const transport = createTransport({ apiUrl: url, statsUrl: url, clock, retries: 4 })
    const error = await transport
      .request({ endpoint: 'create-tx', base: 'api', method: 'GET', path: '/x', schema: okSchema })
      .catch((e: unknown) => e)
    expect((error as Error).message).toContain('(ENOTFOUND)')
    expect(transport.attempts['create-tx']).toBe(1)
  })

  test('behavior: requestDeadlineMs bounds a hanging service across attempts, as a timeout', async () => {
    const { request, server: hanging } = await run(() => ({ hang: true }), {
      timeoutMs: 60_000,
      retries: 4,
      requestDeadlineMs: 200,
    })
    const error = await request().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceUnreachableError)
    expect((error as ServiceUnreachableError).reason).toBe('timeout')
    expect((error as Error).message).toContain('200 ms for the request and its retries')
    expect(hanging.requests).toHaveLength(1)
  })

  test('behavior: stopSignal aborts a pending request at once, with its reason', async () => {
    const stop = new AbortController()
    const { request } = await run(() => ({ hang: true }), {
      timeoutMs: 60_000,
      stopSignal: stop.signal,
    })
    const pending = request().catch((e: unknown) => e)
    await new Promise<void>((resolve) => {
      const poll = (): void => (server!.requests.length > 0 ? resolve() : void setImmediate(poll))
      poll()
    })
    stop.abort(new Error('stopping'))
    expect(await pending).toMatchObject({ message: 'stopping' })
  })

  test('behavior: a timeout is an unreachable error after every attempt', async () => {
    const { request, server } = await run(() => ({ hang: true }), { timeoutMs: 100, retries: 1 })
    const error = await request().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceUnreachableError)
    expect((error as ServiceUnreachableError).reason).toBe('timeout')
    expect((error as Error).message).toContain('after 2 attempt(s)')
    expect(server.requests).toHaveLength(2)
  })

  test('behavior: 400 with an error body is not retried and keeps the body', async () => {
    const body = {
      errorCode: 25,
      errorId: 'SAME_SOURCE_AND_DESTINATION_CHAINS',
      errorMessage: 'same chain',
    }
    const { request, server } = await run(() => ({ status: 400, body }))
    const error = (await request().catch((e: unknown) => e)) as ServiceError
    expect(error).toBeInstanceOf(ServiceError)
    expect(error.body).toMatchObject(body)
    expect(error.status).toBe(400)
    expect(server.requests).toHaveLength(1)
  })

  test('behavior: a 200 body with errorId is an error, not retried', async () => {
    const { request, server } = await run(() => ({
      body: { errorCode: 123, errorId: 'COMPLIANCE_ADDRESS_BLOCKED', errorMessage: 'blocked' },
    }))
    const error = (await request().catch((e: unknown) => e)) as ServiceError
    expect(error).toBeInstanceOf(ServiceError)
    expect(error.status).toBe(200)
    expect(error.body.errorId).toBe('COMPLIANCE_ADDRESS_BLOCKED')
    expect(server.requests).toHaveLength(1)
  })

  test('behavior: malformed JSON and schema failures are not retried; the path is named', async () => {
    const bad = await run(() => ({ rawBody: '{"ok": tru' }))
    const e1 = (await bad.request().catch((e: unknown) => e)) as ServiceResponseError
    expect(e1).toBeInstanceOf(ServiceResponseError)
    expect(e1.message).toContain('not JSON')
    expect(bad.server.requests).toHaveLength(1)
    await bad.server.close()
    const shape = await run(() => ({ body: { ok: 'yes' } }))
    const e2 = (await shape.request().catch((e: unknown) => e)) as ServiceResponseError
    expect(e2).toBeInstanceOf(ServiceResponseError)
    expect(e2.path).toBe('ok')
    expect(shape.server.requests).toHaveLength(1)
  })

  test('behavior: the access token travels as accesstoken and never appears in errors', async () => {
    const token = 'canary-token-0123456789'
    const { request, server } = await run(() => ({ status: 500, rawBody: 'boom' }), {
      accessToken: token,
      retries: 0,
    })
    const error = (await request().catch((e: unknown) => e)) as Error
    expect(server.requests[0]!.url.searchParams.get('accesstoken')).toBe(token)
    expect(error.message).not.toContain(token)
  })

  test('behavior: leaderboard bodies go as application/json-patch+json', async () => {
    const { transport, server } = await run(() => ({ body: { ok: true } }))
    await transport.request({
      endpoint: 'usersLeaderboard',
      base: 'stats',
      method: 'POST',
      path: '/api/Users/usersLeaderboard',
      body: { skip: 0, take: 1 },
      schema: okSchema,
    })
    expect(server.requests[0]!.headers['content-type']).toBe('application/json-patch+json')
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ skip: 0, take: 1 })
  })
})

describe('createTransport rate budget', () => {
  test('behavior: never more than the budget in any window', async () => {
    const windowMs = 250
    const budget = 3
    // Start times are taken where the limiter lets a request go (the fetch call), so socket and
    // scheduling jitter of a loaded machine do not blur what is measured; the server still
    // counts every request.
    const startedMs: number[] = []
    const timedFetch: typeof fetch = (input, init) => {
      startedMs.push(Date.now())
      return fetch(input, init)
    }
    const { request, server } = await run(() => ({ body: { ok: true } }), {
      requestsPerMinute: budget,
      rateWindowMs: windowMs,
      fetch: timedFetch,
    })
    await Promise.all(Array.from({ length: 10 }, () => request()))
    expect(server.requests).toHaveLength(10)
    const times = [...startedMs].sort((a, b) => a - b)
    expect(times).toHaveLength(10)
    // Any budget+1 consecutive starts span a window. p-queue stamps a task when it starts and
    // fetch runs a moment later, so the two stamps may differ by a millisecond each way.
    for (let i = 0; i + budget < times.length; i++) {
      expect(times[i + budget]! - times[i]!).toBeGreaterThanOrEqual(windowMs - 2)
    }
  })

  test('behavior: each endpoint has its own budget', async () => {
    const { transport, server } = await run(() => ({ body: { ok: true } }), {
      requestsPerMinute: 1,
      rateWindowMs: 60_000,
    })
    const get = (endpoint: 'create-tx' | 'chain/transaction') =>
      transport.request({ endpoint, base: 'api', method: 'GET', path: '/x', schema: okSchema })
    await Promise.all([get('create-tx'), get('chain/transaction')])
    expect(server.requests).toHaveLength(2)
  })
})
