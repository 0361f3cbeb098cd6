import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'

/** One request the proxy passed on; times are performance.now() ms of this process. */
export type ProxiedRequest = {
  path: string
  /** JSON-RPC methods of the body (each member of a batch); empty for other requests. */
  methods: string[]
  arrivedAtMs: number
  /** When it went on to the target, after any hold and the delay. */
  forwardedAtMs?: number
  /** When the answer went back; undefined while the request is held or in flight. */
  answeredAtMs?: number
}

/** A hold on the requests one predicate matches: they wait, at the proxy, for `release`. */
export type ProxyHold = {
  /** Resolves when the first matching request has arrived (and is held). */
  arrived: Promise<void>
  /** Lets every held request, and every later one it matches, go on. */
  release(): void
}

/**
 * A loopback HTTP proxy that adds a fixed delay to each request before passing it on (a round
 * trip's worth of latency: the answer comes back `delayMs` later than the target's), logs every
 * request with its JSON-RPC methods, and can hold requests until a test lets them go.
 */
export type DelayProxy = {
  /** The proxy's origin followed by the target's path prefix: use it where the target's URL went. */
  url: string
  delayMs: number
  readonly log: ProxiedRequest[]
  /** Resolves when a request matching `match` arrives (at once if one already did). */
  seen(match: (request: ProxiedRequest) => boolean): Promise<ProxiedRequest>
  hold(match: (request: ProxiedRequest) => boolean): ProxyHold
  close(): Promise<void>
}

type Watcher = { match: (r: ProxiedRequest) => boolean; resolve: (r: ProxiedRequest) => void }
type Hold = { match: (r: ProxiedRequest) => boolean; released: Promise<void>; arrive(): void }

/** Starts a {@link DelayProxy} in front of `targetUrl`, adding `delayMs` to every request. */
export async function startDelayProxy(targetUrl: string, delayMs = 0): Promise<DelayProxy> {
  const target = new URL(targetUrl)
  const log: ProxiedRequest[] = []
  const watchers: Watcher[] = []
  const holds: Hold[] = []
  const proxy: DelayProxy = {
    url: '',
    delayMs,
    log,
    seen: (match) => {
      const hit = log.find(match)
      if (hit) return Promise.resolve(hit)
      return new Promise((resolve) => watchers.push({ match, resolve }))
    },
    hold: (match) => {
      let release = (): void => {}
      let arrive = (): void => {}
      const released = new Promise<void>((r) => {
        release = r
      })
      const arrived = new Promise<void>((r) => {
        arrive = r
      })
      holds.push({ match, released, arrive })
      return { arrived, release }
    },
    close: async () => {},
  }
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void (async () => {
        const body = chunks.length ? Buffer.concat(chunks) : undefined
        const entry: ProxiedRequest = {
          path: req.url ?? '/',
          methods: rpcMethods(body),
          arrivedAtMs: performance.now(),
        }
        log.push(entry)
        for (const w of watchers.filter((w) => w.match(entry))) {
          watchers.splice(watchers.indexOf(w), 1)
          w.resolve(entry)
        }
        const held = holds.filter((h) => h.match(entry))
        for (const h of held) h.arrive()
        await Promise.all(held.map((h) => h.released))
        if (proxy.delayMs > 0) await new Promise((r) => setTimeout(r, proxy.delayMs))
        entry.forwardedAtMs = performance.now()
        const upstream = await fetch(new URL(req.url ?? '/', target.origin), {
          method: req.method ?? 'GET',
          headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
          ...(body && req.method !== 'GET' ? { body } : {}),
        })
        const text = await upstream.text()
        res.writeHead(upstream.status, {
          'content-type': upstream.headers.get('content-type') ?? 'application/json',
        })
        res.end(text)
        entry.answeredAtMs = performance.now()
      })().catch((error: unknown) => {
        res.writeHead(502)
        res.end(String(error))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  proxy.url = `${origin}${target.pathname === '/' ? '' : target.pathname}`
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return proxy
}

function rpcMethods(body: Buffer | undefined): string[] {
  if (!body) return []
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown
    const calls = Array.isArray(parsed) ? parsed : [parsed]
    return calls
      .map((c) => (c as { method?: unknown }).method)
      .filter((m): m is string => typeof m === 'string')
  } catch {
    return []
  }
}
