import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import type { StatsStore } from '../stats/createStatsStore.ts'
import { buildOpenApiDocument } from './buildOpenApiDocument.ts'
import { createSimApp } from './createSimApp.ts'
import { createSimRuntime } from './createSimRuntime.ts'
import type { SimServerDeps } from './simServerDeps.ts'

/** Where and how the simulator listens. */
export type SimListenOptions = {
  /** Port of {base_url}; 0 (the default) picks a free one. */
  port?: number
  /**
   * Port of {stats_url}. When undefined (the default) or equal to `port`, the stats paths share
   * the base port; 0 picks a free second port.
   */
  statsPort?: number
  /** Interface to bind. Default 127.0.0.1: the simulator is for loopback use. */
  host?: string
}

/** A listening simulator. */
export type SimServer = {
  /** {base_url}, e.g. `http://127.0.0.1:43123`. */
  baseUrl: string
  /** {stats_url}: equal to baseUrl when one port serves both. */
  statsUrl: string
  /** The order store; feed it through its observer methods. */
  stats: StatsStore
  /** Stops listening and drops open connections. Safe to call twice. */
  close(): Promise<void>
}

/**
 * Starts the service simulator on loopback: the five endpoints of docs/service.md §4 with injected quote
 * builders, the stats store, rate limits and faults of `deps`, plus /health and /openapi.json.
 * @see docs/service.md §4
 */
export async function createSimServer(
  deps: SimServerDeps,
  listen: SimListenOptions = {},
): Promise<SimServer> {
  const { port = 0, statsPort, host = '127.0.0.1' } = listen
  const runtime = createSimRuntime(deps)
  const openApi = buildOpenApiDocument()
  const servers: Server[] = []
  try {
    // The same fixed port twice means one shared port, not a clash with itself.
    if (statsPort === undefined || (statsPort === port && port !== 0)) {
      servers.push(await listenOn(createSimApp(runtime, 'both', openApi), port, host))
    } else {
      servers.push(await listenOn(createSimApp(runtime, 'base', openApi), port, host))
      servers.push(await listenOn(createSimApp(runtime, 'stats', openApi), statsPort, host))
    }
  } catch (error) {
    await Promise.all(servers.map(closeServer))
    throw error
  }
  const urlOf = (server: Server | undefined): string => {
    const address = server?.address() as AddressInfo
    return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`
  }
  let closing: Promise<void> | undefined
  return {
    baseUrl: urlOf(servers[0]),
    statsUrl: urlOf(servers[1] ?? servers[0]),
    stats: runtime.stats,
    close() {
      closing ??= Promise.all(servers.map(closeServer)).then(() => undefined)
      return closing
    },
  }
}

function listenOn(app: Hono, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }) as Server
    server.once('error', reject)
    server.once('listening', () => {
      server.off('error', reject)
      resolve(server)
    })
  })
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    // Idle keep-alive sockets would hold close() open until they time out.
    server.close(() => resolve())
    server.closeAllConnections()
  })
}
