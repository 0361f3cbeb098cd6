import { z } from 'zod'

/**
 * The `service` section of a ferry config file: where the quote service lives and how hard ferry
 * may use it. The access token is never written here; it comes from the environment.
 */
export const serviceSettingsSchema = z.strictObject({
  /** {base_url} of spec §4.4/§4.5. */
  apiUrl: z.url({ error: 'must be an http(s) URL, e.g. http://127.0.0.1:8787' }).optional(),
  /** {stats_url} of spec §4.1-§4.3. */
  statsUrl: z.url({ error: 'must be an http(s) URL, e.g. http://127.0.0.1:8787' }).optional(),
  /** Requests per minute per endpoint. Default 50, the public limit (dln-facts §2.3). */
  requestsPerMinute: z.number().int().positive().max(10_000).optional(),
  /** Timeout of one request attempt in ms. Default 10 000. */
  timeoutMs: z.number().int().positive().optional(),
  /** Retries of a failed read (429, 5xx, timeouts, network). Default 4. */
  retries: z.number().int().min(0).max(10).optional(),
})
export type ServiceSettings = z.infer<typeof serviceSettingsSchema>
