import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Clock } from '../common/clock.ts'
import type { Logger } from '../common/Logger.ts'
import type { FerryMetrics } from './createFerryMetrics.ts'

/** Inputs of {@link startMetricsServer}. */
export type StartMetricsServerParams = {
  metrics: FerryMetrics
  /** TCP port; 0 picks a free one (tests), read it back from the result. */
  port: number
  /** Interface to listen on. Default `127.0.0.1`: metrics stay on the machine unless asked. */
  host?: string
  /** `/health` answers 503 when the last successful tick is older than this, ms. */
  maxTickAgeMs: number
  clock: Clock
  logger: Logger
}

/** A listening metrics server. */
export type MetricsServer = {
  /** `http://host:port`, the port as bound. */
  readonly url: string
  readonly port: number
  /** Stops listening and ends open connections. Idempotent. */
  close(): Promise<void>
}

/** The body of `GET /health`. */
export type HealthReport = {
  /** The last successful tick is at most `maxTickAgeMs` old. */
  ok: boolean
  /** Clock ms of the last tick with no failed strategy; null before the first one. */
  lastSuccessfulTickAtMs: number | null
  /** Its age, ms; before the first successful tick, the time since the metrics were created. */
  lastSuccessfulTickAgeMs: number
  maxTickAgeMs: number
}

/**
 * Serves `GET /metrics` (Prometheus text exposition of `metrics.registry`) and `GET /health`
 * (JSON {@link HealthReport}, 200 when ok, else 503) with node:http. A failing scrape answers 500
 * and is logged; nothing here touches the engine, so a slow or broken scraper cannot hold up a
 * tick (safety P-3.6).
 * @throws Error when the port cannot be bound (in use, not permitted).
 */
export async function startMetricsServer(params: StartMetricsServerParams): Promise<MetricsServer> {
  const { metrics, maxTickAgeMs, clock, logger } = params
  const host = params.host ?? '127.0.0.1'
  const health = (): HealthReport => {
    const lastMs = metrics.lastSuccessfulTickAtMs()
    const ageMs = Math.max(0, clock.nowMs() - (lastMs ?? metrics.createdAtMs))
    return {
      ok: ageMs <= maxTickAgeMs,
      lastSuccessfulTickAtMs: lastMs ?? null,
      lastSuccessfulTickAgeMs: ageMs,
      maxTickAgeMs,
    }
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    if (path === '/health') {
      const report = health()
      res
        .writeHead(report.ok ? 200 : 503, { 'content-type': 'application/json' })
        .end(JSON.stringify(report))
      return
    }
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: try /metrics or /health')
      return
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text)
      },
      (error: unknown) => {
        logger.error({ error: (error as Error).message }, 'metrics scrape failed')
        res.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed')
      },
    )
  })
  // An idle keep-alive scraper must not hold the process open after shutdown.
  server.keepAliveTimeout = 5_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(params.port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  server.on('error', (error) => logger.error({ error: error.message }, 'metrics server error'))
  const { port } = server.address() as AddressInfo
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  logger.info({ url }, 'metrics server listening')
  let closed: Promise<void> | undefined
  return {
    url,
    port,
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closed
    },
  }
}
