import { Hono } from 'hono'
import { toServiceQuery } from '../../api/requests/toServiceQuery.ts'
import { answerCancelTx } from './answerCancelTx.ts'
import { answerCreateTx } from './answerCreateTx.ts'
import { answerExternalCallProcess } from './answerExternalCallProcess.ts'
import { answerLeaderboard } from './answerLeaderboard.ts'
import { answerSwapTx } from './answerSwapTx.ts'
import { buildOpenApiDocument, type OpenApiDocument } from './buildOpenApiDocument.ts'
import type { SimRuntime } from './createSimRuntime.ts'
import { ACCESS_TOKEN_PARAM } from './queryToParams.ts'
import { serveEndpoint, toResponse } from './serveEndpoint.ts'
import { simErrorBody } from './simErrorBody.ts'

/** Which service an app serves: {base_url} paths, {stats_url} paths, or both on one port. */
export type SimAppPart = 'base' | 'stats' | 'both'

/** A stable cache key of a query: sorted, without the access token. */
function queryKey(path: string, query: Record<string, string>): string {
  const entries = Object.entries(query)
    .filter(([k]) => k !== ACCESS_TOKEN_PARAM)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `${path}?${new URLSearchParams(entries).toString()}`
}

/**
 * Creates the hono app of the simulator: the endpoints of `part` (docs/service.md §4.1-§4.5) behind the rate
 * limit and fault guards, plus GET /health and GET /openapi.json, which are never limited.
 * @param openApi the document to serve; generated from the schemas when not given
 * @see docs/service.md §4
 */
export function createSimApp(
  runtime: SimRuntime,
  part: SimAppPart = 'both',
  openApi: OpenApiDocument = buildOpenApiDocument(),
): Hono {
  const app = new Hono()
  app.get('/health', (c) => c.json({ status: 'ok' }))
  app.get('/openapi.json', (c) => c.json(openApi))
  if (part !== 'stats') {
    // The seed's path and the real service's, whose hook field (dlnHook) reads back as netHook.
    for (const prefix of ['net', 'dln'] as const) {
      app.get(`/v1.0/${prefix}/order/create-tx`, (c) => {
        const raw = c.req.query()
        const query = prefix === 'dln' ? toServiceQuery(raw, 'net') : raw
        return serveEndpoint(runtime, {
          endpoint: 'create-tx',
          staleKey: queryKey('create-tx', query),
          produce: () => answerCreateTx(runtime, query),
        })
      })
      app.get(`/v1.0/${prefix}/order/:orderId/cancel-tx`, (c) =>
        serveEndpoint(runtime, {
          endpoint: 'cancel-tx',
          produce: async () => answerCancelTx(runtime, c.req.param('orderId')),
        }),
      )
    }
    app.get('/v1.0/chain/transaction', (c) => {
      const query = c.req.query()
      return serveEndpoint(runtime, {
        endpoint: 'chain/transaction',
        staleKey: queryKey('chain/transaction', query),
        produce: () => answerSwapTx(runtime, query),
      })
    })
  }
  if (part !== 'base') {
    app.get('/api/Orders/:orderId/externalCallProcess', (c) =>
      serveEndpoint(runtime, {
        endpoint: 'externalCallProcess',
        produce: async () => answerExternalCallProcess(runtime, c.req.param('orderId')),
      }),
    )
    app.post('/api/Users/usersLeaderboard', (c) =>
      serveEndpoint(runtime, {
        endpoint: 'usersLeaderboard',
        produce: async () =>
          answerLeaderboard(runtime, 'wallet', c.req.header('content-type'), await c.req.text()),
      }),
    )
    app.post('/api/Users/referralProgramLeaderboard', (c) =>
      serveEndpoint(runtime, {
        endpoint: 'referralProgramLeaderboard',
        produce: async () =>
          answerLeaderboard(runtime, 'referral', c.req.header('content-type'), await c.req.text()),
      }),
    )
  }
  app.onError((error) => {
    runtime.logger.error({ error: String(error) }, 'simulator route failed')
    return toResponse({
      status: 500,
      body: simErrorBody('INTERNAL_SERVER_ERROR', 'internal error'),
    })
  })
  return app
}
