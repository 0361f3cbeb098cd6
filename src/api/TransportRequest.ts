import type { z } from 'zod'
import type { EndpointName } from './EndpointName.ts'

/** One request through the transport. */
export type TransportRequest<S extends z.ZodType> = {
  endpoint: EndpointName
  base: 'api' | 'stats'
  method: 'GET' | 'POST'
  path: string
  query?: Record<string, string>
  /** JSON body, sent with `Content-Type: application/json-patch+json` (docs/service.md §4.2, §4.3). */
  body?: unknown
  schema: S
  signal?: AbortSignal
}
