import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Rewrites one JSON answer of the service; returns it unchanged when it has nothing to do. */
export type Tamper = (path: string, query: URLSearchParams, body: unknown) => unknown

/** A loopback HTTP proxy in front of the simulator that can rewrite answers. */
export type TamperProxy = {
  url: string
  /** The rewrite in force; undefined passes answers through. */
  tamper: Tamper | undefined
  /** Requests seen, by path. */
  seen: string[]
  close(): Promise<void>
}

/** Starts a {@link TamperProxy} forwarding every request to `targetUrl`. */
export async function startTamperProxy(targetUrl: string): Promise<TamperProxy> {
  const proxy: TamperProxy = { url: '', tamper: undefined, seen: [], close: async () => {} }
  const server: Server = createServer((req: IncomingMessage, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', targetUrl)
      proxy.seen.push(url.pathname)
      const upstream = await fetch(url, { method: req.method ?? 'GET' })
      let text = await upstream.text()
      if (proxy.tamper && upstream.ok) {
        const body = JSON.parse(text) as unknown
        text = JSON.stringify(proxy.tamper(url.pathname, url.searchParams, body))
      }
      res.writeHead(upstream.status, { 'content-type': 'application/json' })
      res.end(text)
    })().catch((error: unknown) => {
      res.writeHead(502)
      res.end(String(error))
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
