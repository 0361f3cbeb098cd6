import type { z } from 'zod'
import type { Clock } from '../common/clock.ts'
import type { Logger } from '../common/Logger.ts'
import { redactSecrets } from '../common/redactSecrets.ts'
import type { EndpointName } from './EndpointName.ts'
import { parseRetryAfterMs } from './parseRetryAfterMs.ts'
import { permanentNetworkError } from './permanentNetworkError.ts'
import { RetryableFailure } from './RetryableFailure.ts'
import { ServiceError } from './ServiceError.ts'
import { ServiceResponseError } from './ServiceResponseError.ts'
import { ServiceUnreachableError } from './ServiceUnreachableError.ts'
import { serviceErrorBodySchema } from './schemas/serviceErrorBody.ts'
import type { TransportRequest } from './TransportRequest.ts'

const RAW_BODY_LOG_CHARS = 2_000

/** What {@link sendAttempt} needs from its transport; all settled, no defaults left. */
export type AttemptDeps = {
  apiUrl: string
  statsUrl: string
  accessToken: string | undefined
  /** Strings redacted from every URL and error text that is logged or thrown. */
  secrets: string[]
  /** Timeout of the attempt, in ms. */
  timeoutMs: number
  fetch: typeof fetch
  clock: Clock
  logger: Logger
  /** Counted up by one per attempt started. */
  attempts: Record<EndpointName, number>
}

/**
 * One HTTP attempt of `req`, parsed with its schema; `answered` is called once the status is in
 * (the service counted it). Throws {@link RetryableFailure} for what a retry may cure (network,
 * timeout, 429, 408, 5xx with its Retry-After), a ServiceError for an error body, a
 * ServiceResponseError for a body that is not JSON or fails the schema, and the caller's abort
 * reason when its signal fired.
 */
export async function sendAttempt<S extends z.ZodType>(
  req: TransportRequest<S>,
  answered: () => void,
  deps: AttemptDeps,
): Promise<z.output<S>> {
  const { timeoutMs, secrets, logger } = deps
  const url = new URL(req.path, req.base === 'api' ? deps.apiUrl : deps.statsUrl)
  for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v)
  if (deps.accessToken) url.searchParams.set('accesstoken', deps.accessToken)
  const safeUrl = redactSecrets(url.toString(), secrets)
  const signals = [AbortSignal.timeout(timeoutMs), ...(req.signal ? [req.signal] : [])]
  deps.attempts[req.endpoint]++
  logger.debug({ endpoint: req.endpoint, url: safeUrl }, 'service request')
  let response: Response
  let text: string
  try {
    response = await deps.fetch(url, {
      method: req.method,
      signal: AbortSignal.any(signals),
      headers:
        req.body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json-patch+json' },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
    })
    answered()
    text = await response.text()
  } catch (error) {
    if (req.signal?.aborted) throw req.signal.reason
    // A refused port or a name that does not resolve stays so: fail at once, never retried.
    const permanent = permanentNetworkError(error)
    if (permanent) {
      const at = url.host
      throw new ServiceUnreachableError(
        req.endpoint,
        'network',
        `${at}: ${permanent.meaning} (${permanent.code})`,
        1,
        [
          `fix: check the ${req.base === 'api' ? 'service' : 'stats'} URL (${req.base === 'api' ? '--api-url, FERRY_API_URL or service.apiUrl' : '--stats-url, FERRY_STATS_URL or service.statsUrl'}) and that the service runs there`,
        ],
      )
    }
    const timedOut =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    const detail = timedOut ? `${timeoutMs} ms` : redactSecrets(describeCause(error), secrets)
    throw new RetryableFailure(
      new ServiceUnreachableError(req.endpoint, timedOut ? 'timeout' : 'network', detail, 1),
    )
  }
  const json = parseJson(text)
  if (!response.ok) {
    const parsedBody = serviceErrorBodySchema.safeParse(json)
    const body = parsedBody.success
      ? parsedBody.data
      : {
          errorId: `HTTP_${response.status}`,
          errorMessage: text.slice(0, 200) || response.statusText,
        }
    const error = new ServiceError(req.endpoint, response.status, body)
    if (response.status === 429 || response.status >= 500 || response.status === 408) {
      throw new RetryableFailure(
        error,
        parseRetryAfterMs(response.headers.get('retry-after'), deps.clock),
      )
    }
    throw error
  }
  if (json === undefined) {
    logger.debug(
      { endpoint: req.endpoint, body: text.slice(0, RAW_BODY_LOG_CHARS) },
      'malformed JSON body',
    )
    throw new ServiceResponseError(req.endpoint, '', 'the body is not JSON')
  }
  const errorBody = serviceErrorBodySchema.safeParse(json)
  if (errorBody.success) throw new ServiceError(req.endpoint, response.status, errorBody.data)
  const parsed = req.schema.safeParse(json)
  if (!parsed.success) {
    logger.debug(
      { endpoint: req.endpoint, body: text.slice(0, RAW_BODY_LOG_CHARS) },
      'response failed its schema',
    )
    const [first, ...rest] = parsed.error.issues
    throw new ServiceResponseError(
      req.endpoint,
      first?.path.join('.') ?? '',
      first?.message ?? 'invalid',
      rest.map((i) => `${i.path.join('.')}: ${i.message}`),
    )
  }
  return parsed.data
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `${error.message}${cause}`
}
