import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as the fixture server saw it. */
export type SeenRequest = {
  method: string
  url: URL
  headers: IncomingMessage['headers']
  body: string
  /** performance.now() when the request arrived. */
  atMs: number
}

/** What a handler answers; `delayMs` holds the answer back (used to provoke client timeouts). */
export type FixtureAnswer = {
  status?: number
  headers?: Record<string, string>
  body?: unknown
  /** Sent as-is instead of JSON.stringify(body). */
  rawBody?: string
  /** Never answer (the client must time out); the socket is closed when the server stops. */
  hang?: boolean
}

/** A loopback HTTP server that answers from a handler and records every request. */
export type FixtureServer = { url: string; requests: SeenRequest[]; close(): Promise<void> }

/** Starts a fixture server on 127.0.0.1 with a free port. */
export async function startFixtureServer(
  handler: (req: SeenRequest, index: number) => FixtureAnswer,
): Promise<FixtureServer> {
  const requests: SeenRequest[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        atMs: performance.now(),
      }
      requests.push(seen)
      const answer = handler(seen, requests.length - 1)
      if (answer.hang) return
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers })
      res.end(answer.rawBody ?? JSON.stringify(answer.body ?? {}))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
