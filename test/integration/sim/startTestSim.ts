import { type ApiClient, createApiClient } from '../../../src/api/createApiClient.ts'
import {
  createSimServer,
  type SimListenOptions,
  type SimServer,
} from '../../../src/sim/server/createSimServer.ts'
import type { SimServerDeps } from '../../../src/sim/server/simServerDeps.ts'
import { quoteOrderDouble, quoteSwapDouble } from '../../helpers/simQuoteDoubles.ts'

/** A raw HTTP answer: status, headers and the body text and its JSON (undefined if not JSON). */
export type RawAnswer = { status: number; headers: Headers; text: string; json: unknown }

/** A simulator on loopback with a client bound to it and raw request helpers. */
export type TestSim = {
  server: SimServer
  client: ApiClient
  get(path: string, query?: Record<string, string>): Promise<RawAnswer>
  post(path: string, body: unknown, contentType?: string): Promise<RawAnswer>
}

/** Well-known addresses used across the sim tests. */
export const ADDR = {
  maker: '0x1111111111111111111111111111111111111111',
  other: '0x2222222222222222222222222222222222222222',
  arbUsdc: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  baseUsdc: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  arbWeth: '0x82af49447d8a07e3bd95bd0d56f35241523fbab1',
  native: '0x0000000000000000000000000000000000000000',
  solUsdc: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  solWallet: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
} as const

async function toRaw(response: Response): Promise<RawAnswer> {
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

/**
 * Starts the simulator with the quote doubles (overridable) and a client that never retries and
 * never throttles itself, so each test sees exactly what the simulator sent.
 */
export async function startTestSim(
  deps: Partial<SimServerDeps> = {},
  listen: SimListenOptions = {},
): Promise<TestSim> {
  return bindTestSim(
    await createSimServer(
      { quoteOrder: quoteOrderDouble, quoteSwap: quoteSwapDouble, ...deps },
      listen,
    ),
  )
}

/** Wraps a running simulator (doubles or the real composition) with a client and raw helpers. */
export function bindTestSim(server: SimServer): TestSim {
  const client = createApiClient({
    apiUrl: server.baseUrl,
    statsUrl: server.statsUrl,
    retries: 0,
    requestsPerMinute: 1_000_000,
    timeoutMs: 5_000,
  })
  return {
    server,
    client,
    async get(path, query = {}) {
      const base = path.startsWith('/api/') ? server.statsUrl : server.baseUrl
      const url = new URL(path, base)
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
      return toRaw(await fetch(url))
    },
    async post(path, body, contentType = 'application/json-patch+json') {
      return toRaw(
        await fetch(new URL(path, server.statsUrl), {
          method: 'POST',
          headers: { 'content-type': contentType },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      )
    },
  }
}

/** The query the client would send, written by hand: numbers, booleans and JSON as text. */
export function toQueryStrings(params: Record<string, unknown>): Record<string, string> {
  const query: Record<string, string> = {}
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue
    query[k] = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)
  }
  return query
}
