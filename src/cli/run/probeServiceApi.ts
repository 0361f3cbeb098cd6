import type { ConfigProblem } from '../../settings/ConfigError.ts'
import { hostOf, reasonOf } from './probeReason.ts'

/** Inputs of {@link probeServiceApi}. */
export type ProbeServiceApiParams = {
  /** Config path of the URL, e.g. `service.apiUrl`. */
  path: string
  url: string
  /** What the service serves there: the order API or the stats API. */
  api: 'orders' | 'stats'
  /** The order endpoints' path segment (`service.pathPrefix`). Default `net`. */
  pathPrefix?: 'net' | 'dln'
  timeoutMs: number
}

/**
 * Asks the service the API ferry calls, with a request it must refuse (no parameters): the
 * create-tx endpoint for the order API, the wallet leaderboard for the stats API. A service
 * answers that with a JSON error body (HTTP 400, docs/service.md); a web page, a 404 (a wrong
 * base URL or path prefix), a 401/403 (a missing access token) or a 5xx is not the API ferry
 * needs. The URL is shown by host only.
 * @returns one line of what works, or the problem with its fix
 */
export async function probeServiceApi(
  params: ProbeServiceApiParams,
): Promise<{ works: string } | { problem: ConfigProblem }> {
  const { path, url, timeoutMs } = params
  const endpoint =
    params.api === 'orders'
      ? `/v1.0/${params.pathPrefix ?? 'net'}/order/create-tx`
      : '/api/Users/usersLeaderboard'
  const host = hostOf(url)
  const fail = (problem: string, fix: string) => ({ problem: { path, problem, fix } })
  let response: Response
  try {
    response = await fetch(`${url.replace(/\/+$/, '')}${endpoint}`, {
      method: params.api === 'orders' ? 'GET' : 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      ...(params.api === 'stats' ? { body: '{}' } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    return fail(
      `${host} does not answer (${reasonOf(error)})`,
      'check the URL, the network and any firewall between this host and the service',
    )
  }
  const status = response.status
  const text = await response.text().catch(() => '')
  if (status === 404)
    return fail(
      `${host} has no ${endpoint} (HTTP 404)`,
      params.api === 'orders'
        ? 'give the base URL of the service (without /v1.0), and service.pathPrefix (net or dln) it serves'
        : 'give the base URL of the stats service (without /api)',
    )
  if (status === 401 || status === 403)
    return fail(
      `${host} refuses ferry (HTTP ${status})`,
      'set the access token: service.accessTokenEnv, or FERRY_ACCESS_TOKEN',
    )
  if (status >= 500)
    return fail(
      `${host} fails (HTTP ${status})`,
      'the service is down or failing: try again later, or ask its operator',
    )
  if (!isJsonObject(text))
    return fail(
      `${host} answers ${endpoint} with ${describeBody(response, text)}, not the service's JSON`,
      'give the URL of the service API itself, not a web page or a proxy login',
    )
  return { works: `${path}: ${host} answers the ${params.api} API (HTTP ${status}, JSON)` }
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null
  } catch {
    return false
  }
}

function describeBody(response: Response, text: string): string {
  const type = response.headers.get('content-type')?.split(';')[0]
  if (/^\s*</.test(text)) return `HTML (HTTP ${response.status})`
  return `${type ?? 'a body of no type'} (HTTP ${response.status})`
}
