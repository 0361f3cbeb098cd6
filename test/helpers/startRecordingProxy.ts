import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as the proxy saw it. */
export type ProxiedRequest = {
  /** Arrival at the proxy, ms since the epoch. */
  atMs: number
  method: string
  /** Path without the query, e.g. `/v1.0/dln/order/create-tx`. */
  path: string
  /** The query parameters the client sent. */
  query: URLSearchParams
  /** Status the upstream answered (502 when it could not be reached). */
  status: number
}

/** A loopback HTTP proxy that records every request and the upstream's status. */
export type RecordingProxy = {
  /** Base URL to give the client instead of the upstream's. */
  url: string
  /** Every request so far, in arrival order. */
  readonly requests: readonly ProxiedRequest[]
  close(): Promise<void>
}

/**
 * Starts a {@link RecordingProxy} in front of `targetUrl` on 127.0.0.1: an observer at the
 * network between ferry and the service, so what it counts (answers, 429s, arrival times) is what
 * the service sent, whatever the client retried or hid.
 */
export async function startRecordingProxy(targetUrl: string): Promise<RecordingProxy> {
  const requests: ProxiedRequest[] = []
  const server: Server = createServer((req: IncomingMessage, res) => {
    const atMs = Date.now()
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', targetUrl)
      const method = req.method ?? 'GET'
      const contentType = req.headers['content-type']
      void (async () => {
        const upstream = await fetch(url, {
          method,
          headers: {
            accept: 'application/json',
            ...(contentType ? { 'content-type': contentType } : {}),
          },
          body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks),
        })
        const body = await upstream.text()
        requests.push({
          atMs,
          method,
          path: url.pathname,
          query: url.searchParams,
          status: upstream.status,
        })
        const retryAfter = upstream.headers.get('retry-after')
        res.writeHead(upstream.status, {
          'content-type': upstream.headers.get('content-type') ?? 'application/json',
          ...(retryAfter ? { 'retry-after': retryAfter } : {}),
        })
        res.end(body)
      })().catch((error: unknown) => {
        requests.push({ atMs, method, path: url.pathname, query: url.searchParams, status: 502 })
        res.writeHead(502)
        res.end(String(error))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
