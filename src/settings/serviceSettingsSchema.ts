import { z } from 'zod'

const urlError = 'must be an http(s) URL, e.g. http://127.0.0.1:8787'

/**
 * The `service` section of a ferry config file: where the quote service lives and how hard ferry
 * may use it. The access token is never written here; it comes from the environment variable
 * named by `accessTokenEnv`.
 */
export const serviceSettingsSchema = z.strictObject({
  /**
   * {base_url} of docs/service.md §4.4/§4.5, or `embedded`: the engine starts the simulator and devnet on
   * loopback and fills the URL in at run time (the demo). `embedded` is refused with `mode: live`.
   */
  apiUrl: z.union([z.literal('embedded'), z.url({ error: urlError })]).optional(),
  /** {stats_url} of docs/service.md §4.1-§4.3; `embedded` as for apiUrl. Default: apiUrl. */
  statsUrl: z.union([z.literal('embedded'), z.url({ error: urlError })]).optional(),
  /**
   * Which service's order paths to use: `net` (the seed interface's `/v1.0/net/order/...`) or
   * `dln` (the real DLN service's `/v1.0/dln/order/...`, hook field `dlnHook`; docs/service.md
   * §10). Default `net`. The embedded simulator serves both.
   */
  pathPrefix: z
    .enum(['net', 'dln'], {
      error:
        'must be net or dln (fix: write pathPrefix: dln for the real service, net for the seed)',
    })
    .optional(),
  /** Name of the env var holding the access token. Default FERRY_ACCESS_TOKEN; none = public tier. */
  accessTokenEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, {
      error: 'must be an env var name, e.g. FERRY_ACCESS_TOKEN',
    })
    .optional(),
  /** Requests per minute per endpoint. Default 50, the public limit (docs/dln.md §2.3). */
  requestsPerMinute: z.number().int().positive().max(10_000).optional(),
  /** Timeout of one request attempt in ms. Default 10 000. */
  timeoutMs: z.number().int().positive().optional(),
  /** Retries of a failed read (429, 5xx, timeouts, network). Default 4. Sends are never retried. */
  retries: z.number().int().min(0).max(10).optional(),
})
export type ServiceSettings = z.infer<typeof serviceSettingsSchema>
