import { OpenAPIHono } from '@hono/zod-openapi'
import { SIM_ROUTES } from './simRoutes.ts'

/** The OpenAPI document object, as /openapi.json serves it. */
export type OpenApiDocument = ReturnType<OpenAPIHono['getOpenAPIDocument']>

/**
 * Generates the OpenAPI 3.0 document of all five endpoints and /health from the zod schemas the
 * client parses with: the machine-readable spec of the interface.
 * @see docs/service.md §4
 */
export function buildOpenApiDocument(): OpenApiDocument {
  const app = new OpenAPIHono()
  for (const { route } of SIM_ROUTES) app.openAPIRegistry.registerPath(route)
  return app.getOpenAPIDocument({
    openapi: '3.0.3',
    info: {
      title: 'ferry service simulator',
      version: '1.0.0',
      description:
        'Cross-chain order and single-chain swap quotes (/v1.0/) and statistics (/api/), as in docs/service.md.',
    },
  })
}
