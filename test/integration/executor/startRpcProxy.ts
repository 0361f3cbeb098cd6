import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

type RpcRequest = { jsonrpc: '2.0'; id: number | string; method: string; params?: unknown[] }

/** A loopback JSON-RPC proxy that counts method calls and can lose answers on purpose. */
export type RpcProxy = {
  url: string
  /** Calls per method; each member of a batch counts. */
  counts: Record<string, number>
  /** Total method calls since the last {@link RpcProxy.reset}. */
  total(): number
  /** HTTP requests (round trips: a JSON-RPC batch is one) since the last {@link RpcProxy.reset}. */
  requests(): number
  /** The methods of each HTTP request since the last {@link RpcProxy.reset}, in arrival order. */
  readonly batches: string[][]
  reset(): void
  /**
   * Forwards the next call of `method` to the node but never answers it (the client times out):
   * a response lost after the node acted.
   */
  swallowNext(method: string): void
  /** Answers every later call of `method` with JSON-RPC -32601 (a node without it). */
  lackMethod(method: string): void
  /** Rewrites the node's result of every later call of `method`: an RPC that lies. */
  lieAbout(method: string, rewrite: (result: unknown) => unknown): void
  /** While down, every request gets HTTP 503 and never reaches the node. */
  setDown(down: boolean): void
  close(): Promise<void>
}

/** Starts an {@link RpcProxy} in front of `targetUrl`. */
export async function startRpcProxy(targetUrl: string): Promise<RpcProxy> {
  let counts: Record<string, number> = {}
  let batches: string[][] = []
  const swallow = new Set<string>()
  const lacking = new Set<string>()
  const lies = new Map<string, (result: unknown) => unknown>()
  let isDown = false
  const proxy: RpcProxy = {
    url: '',
    get counts() {
      return counts
    },
    total: () => Object.values(counts).reduce((a, b) => a + b, 0),
    requests: () => batches.length,
    get batches() {
      return batches
    },
    reset: () => {
      counts = {}
      batches = []
    },
    swallowNext: (method) => {
      swallow.add(method)
    },
    lackMethod: (method) => {
      lacking.add(method)
    },
    lieAbout: (method, rewrite) => {
      lies.set(method, rewrite)
    },
    setDown: (down) => {
      isDown = down
    },
    close: async () => {},
  }
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8')
        const parsed = JSON.parse(text) as RpcRequest | RpcRequest[]
        const calls = Array.isArray(parsed) ? parsed : [parsed]
        if (isDown) {
          res.writeHead(503)
          res.end('down')
          return
        }
        let lose = false
        batches.push(calls.map((c) => c.method))
        for (const call of calls) {
          counts[call.method] = (counts[call.method] ?? 0) + 1
          if (swallow.delete(call.method)) lose = true
        }
        const missing = calls.filter((c) => lacking.has(c.method))
        if (missing.length > 0) {
          // Lacking methods are answered here; the rest of a batch still goes to the node.
          const refusal = (c: RpcRequest) => ({
            jsonrpc: '2.0',
            id: c.id,
            error: { code: -32601, message: `the method ${c.method} does not exist` },
          })
          const rest = calls.filter((c) => !lacking.has(c.method))
          const answered = rest.length
            ? ((await (
                await fetch(targetUrl, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify(rest),
                })
              ).json()) as { id: number | string }[])
            : []
          const byId = new Map(answered.map((a) => [a.id, a]))
          const all = calls.map((c) => (lacking.has(c.method) ? refusal(c) : byId.get(c.id)))
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(JSON.stringify(Array.isArray(parsed) ? all : all[0]))
          return
        }
        const upstream = await fetch(targetUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: text,
        })
        let answer = await upstream.text()
        // The node has acted; the answer is dropped and the socket left hanging.
        if (lose) return
        if (calls.some((c) => lies.has(c.method))) answer = rewriteAnswers(answer, calls, lies)
        res.writeHead(upstream.status, { 'content-type': 'application/json' })
        res.end(answer)
      })().catch((error: unknown) => {
        res.writeHead(502)
        res.end(String(error))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return proxy
}

/** The node's answer with the results of lied-about methods rewritten, batch or single. */
function rewriteAnswers(
  answer: string,
  calls: RpcRequest[],
  lies: Map<string, (result: unknown) => unknown>,
): string {
  const parsed = JSON.parse(answer) as { id: number | string; result?: unknown }
  const list = Array.isArray(parsed) ? parsed : [parsed]
  for (const item of list) {
    const call = calls.find((c) => c.id === item.id)
    const rewrite = call ? lies.get(call.method) : undefined
    if (rewrite && 'result' in item) item.result = rewrite(item.result)
  }
  return JSON.stringify(parsed)
}
