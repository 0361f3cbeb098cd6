import { createServer } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { createManualClock } from '../../../src/common/clock.ts'
import { silentLogger } from '../../../src/common/Logger.ts'
import { createFerryMetrics } from '../../../src/observe/createFerryMetrics.ts'
import { type MetricsServer, startMetricsServer } from '../../../src/observe/startMetricsServer.ts'
import { parsePrometheusText } from '../../helpers/parsePrometheusText.ts'

const START_MS = 1_700_000_000_000
const MAX_TICK_AGE_MS = 60_000

const servers: MetricsServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function start() {
  const clock = createManualClock(START_MS)
  const metrics = createFerryMetrics({ clock, readInFlightUsd: () => 42 })
  const server = await startMetricsServer({
    metrics,
    port: 0,
    maxTickAgeMs: MAX_TICK_AGE_MS,
    clock,
    logger: silentLogger,
  })
  servers.push(server)
  return { clock, metrics, server }
}

describe('startMetricsServer', () => {
  test('default: /metrics serves the text exposition on loopback', async () => {
    const { metrics, server } = await start()
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
    metrics.observe({ type: 'killSwitch', engaged: true })
    const res = await fetch(`${server.url}/metrics`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const scraped = parsePrometheusText(await res.text())
    expect(scraped.sum('ferry_kill_switch_engaged')).toBe(1)
    expect(scraped.sum('ferry_in_flight_usd')).toBe(42)
    expect(scraped.types.get('ferry_orders_created_total')).toBe('counter')
  })

  test('behavior: /health is ok until the last successful tick is older than the threshold', async () => {
    const { clock, metrics, server } = await start()
    const health = async () => {
      const res = await fetch(`${server.url}/health`)
      return { status: res.status, body: (await res.json()) as Record<string, unknown> }
    }
    // Before any tick, the age counts from the start: a fresh process is healthy.
    expect(await health()).toEqual({
      status: 200,
      body: {
        ok: true,
        lastSuccessfulTickAtMs: null,
        lastSuccessfulTickAgeMs: 0,
        maxTickAgeMs: MAX_TICK_AGE_MS,
      },
    })
    clock.advanceMs(MAX_TICK_AGE_MS + 1)
    expect((await health()).status).toBe(503)
    metrics.observe({
      type: 'tickEnd',
      tick: 1,
      atMs: clock.nowMs(),
      durationMs: 10,
      failures: 0,
    })
    clock.advanceMs(5_000)
    expect(await health()).toEqual({
      status: 200,
      body: {
        ok: true,
        lastSuccessfulTickAtMs: START_MS + MAX_TICK_AGE_MS + 1,
        lastSuccessfulTickAgeMs: 5_000,
        maxTickAgeMs: MAX_TICK_AGE_MS,
      },
    })
    // A failing tick does not refresh it.
    clock.advanceMs(MAX_TICK_AGE_MS)
    metrics.observe({
      type: 'tickEnd',
      tick: 2,
      atMs: clock.nowMs(),
      durationMs: 10,
      failures: 1,
    })
    const stale = await health()
    expect(stale.status).toBe(503)
    expect(stale.body.ok).toBe(false)
    expect(stale.body.lastSuccessfulTickAgeMs).toBe(MAX_TICK_AGE_MS + 5_000)
  })

  test('behavior: other paths are 404, other methods 405', async () => {
    const { server } = await start()
    expect((await fetch(`${server.url}/`)).status).toBe(404)
    expect((await fetch(`${server.url}/metrics`, { method: 'POST' })).status).toBe(405)
  })

  test('behavior: close frees the port and is idempotent; a taken port rejects', async () => {
    const { server } = await start()
    // A keep-alive connection must not hold close() open.
    await (await fetch(`${server.url}/metrics`)).text()
    await Promise.all([server.close(), server.close()])
    await expect(fetch(`${server.url}/metrics`)).rejects.toThrow()
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const { port } = blocker.address() as { port: number }
    try {
      const clock = createManualClock(START_MS)
      await expect(
        startMetricsServer({
          metrics: createFerryMetrics({ clock, readInFlightUsd: () => 0 }),
          port,
          maxTickAgeMs: MAX_TICK_AGE_MS,
          clock,
          logger: silentLogger,
        }),
      ).rejects.toThrow(/EADDRINUSE/)
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })
})
