import PQueue from 'p-queue'
import pRetry from 'p-retry'
import type { z } from 'zod'
import { type Clock, systemClock } from '../common/clock.ts'
import { type Logger, silentLogger } from '../common/Logger.ts'
import { redactSecrets } from '../common/redactSecrets.ts'
import { createRateBudget, type RateBudget } from './createRateBudget.ts'
import { ServiceError } from './ServiceError.ts'
import { ServiceResponseError } from './ServiceResponseError.ts'
import { ServiceUnreachableError } from './ServiceUnreachableError.ts'
import { serviceErrorBodySchema } from './schemas/serviceErrorBody.ts'

/** The five endpoints of the spec; each has its own queue and budget (docs/dln.md §2.3). */
export type EndpointName =
  | 'create-tx'
  | 'chain/transaction'
  | 'externalCallProcess'
  | 'usersLeaderboard'
  | 'referralProgramLeaderboard'

/** Settings of the transport. Every field has a default except the two URLs. */
export type TransportConfig = {
  /** {base_url} of docs/service.md §4.4/§4.5, e.g. `http://127.0.0.1:8787`. */
  apiUrl: string
  /** {stats_url} of docs/service.md §4.1-§4.3. */
  statsUrl: string
  /** Sent as the `accesstoken` query parameter (docs/dln.md §2.3). Redacted from every log line. */
  accessToken?: string
  /** Timeout of each attempt in ms. Default 10 000. */
  timeoutMs?: number
  /** Requests per minute per endpoint, retries included. Default 50, the public limit. */
  requestsPerMinute?: number
  /** Length of the budget's sliding window in ms. Default 60 000 (a minute). */
  rateWindowMs?: number
  /** Retries after the first attempt, for 429, 5xx, timeouts and network errors. Default 4. */
  retries?: number
  /** First backoff delay in ms; doubles each retry, with full jitter. Default 500. */
  retryBaseDelayMs?: number
  /** Cap of one backoff delay (and of a Retry-After) in ms. Default 30 000. */
  retryMaxDelayMs?: number
  fetch?: typeof fetch
  clock?: Clock
  logger?: Logger
  /** Random source in [0, 1) for the jitter. Default Math.random. */
  random?: () => number
  /**
   * Called after every attempt with how it ended, for metrics. Must be quick; what it throws is
   * ignored (safety P-3.6: observability never fails a request).
   */
  onAttempt?: (attempt: { endpoint: EndpointName; outcome: AttemptOutcome }) => void
  /** Called before each retry's backoff sleep (`delayMs`), for metrics; what it throws is ignored. */
  onRetry?: (retry: { endpoint: EndpointName; attemptNumber: number; delayMs: number }) => void
}

/**
 * How one attempt ended: `ok`; `rateLimited` (429); `serverError` (5xx, 408); `serviceError` (an
 * error body under any other status); `malformed` (not JSON, or failing its schema); `timeout`;
 * `network`; `aborted` (the caller's signal).
 */
export type AttemptOutcome =
  | 'ok'
  | 'rateLimited'
  | 'serverError'
  | 'serviceError'
  | 'malformed'
  | 'timeout'
  | 'network'
  | 'aborted'

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

/** The one function that talks HTTP to the service. */
export type Transport = {
  request<S extends z.ZodType>(req: TransportRequest<S>): Promise<z.output<S>>
  /** Requests started per endpoint (every attempt counts), for metrics and tests. */
  readonly attempts: Record<EndpointName, number>
}

const RAW_BODY_LOG_CHARS = 2_000

/** Thrown inside an attempt for failures that a retry may cure. */
class RetryableFailure extends Error {
  constructor(
    readonly final: Error,
    readonly retryAfterMs?: number,
  ) {
    super(final.message)
  }
}

/**
 * Creates the HTTP transport of the client: a timeout on every attempt (AbortSignal), a p-queue
 * per endpoint (4 at a time) behind a requests-per-minute budget that holds at the service
 * (createRateBudget: a slot frees a window after its answer's status), and p-retry with exponential
 * backoff and full jitter on network errors, timeouts, 429 (honouring Retry-After) and 5xx.
 * 4xx answers, error bodies and schema failures are never retried (safety P-3.1..P-3.5).
 * The backoff sleeps through the injected clock, so tests assert delays without waiting.
 */
export function createTransport(config: TransportConfig): Transport {
  const {
    timeoutMs = 10_000,
    requestsPerMinute = 50,
    rateWindowMs = 60_000,
    retries = 4,
    retryBaseDelayMs = 500,
    retryMaxDelayMs = 30_000,
    clock = systemClock,
    logger = silentLogger,
    random = Math.random,
  } = config
  const doFetch = config.fetch ?? fetch
  const secrets = config.accessToken ? [config.accessToken] : []
  const queues = new Map<EndpointName, { queue: PQueue; budget: RateBudget }>()
  const attempts: Record<EndpointName, number> = {
    'create-tx': 0,
    'chain/transaction': 0,
    externalCallProcess: 0,
    usersLeaderboard: 0,
    referralProgramLeaderboard: 0,
  }
  const queueOf = (endpoint: EndpointName): { queue: PQueue; budget: RateBudget } => {
    let entry = queues.get(endpoint)
    if (!entry) {
      entry = {
        queue: new PQueue({ concurrency: 4 }),
        // Real time, not the injected clock: the budget must hold at the service, and tests
        // fast-forward the clock only to skip backoff sleeps.
        budget: createRateBudget({ limit: requestsPerMinute, windowMs: rateWindowMs }),
      }
      queues.set(endpoint, entry)
    }
    return entry
  }

  /** One HTTP attempt; `answered` is called once the status is in (the service counted it). */
  async function attempt<S extends z.ZodType>(
    req: TransportRequest<S>,
    answered: () => void,
  ): Promise<z.output<S>> {
    const url = new URL(req.path, req.base === 'api' ? config.apiUrl : config.statsUrl)
    for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v)
    if (config.accessToken) url.searchParams.set('accesstoken', config.accessToken)
    const safeUrl = redactSecrets(url.toString(), secrets)
    const signals = [AbortSignal.timeout(timeoutMs), ...(req.signal ? [req.signal] : [])]
    attempts[req.endpoint]++
    logger.debug({ endpoint: req.endpoint, url: safeUrl }, 'service request')
    let response: Response
    let text: string
    try {
      response = await doFetch(url, {
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
          parseRetryAfterMs(response.headers.get('retry-after'), clock),
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

  return {
    attempts,
    async request(req) {
      let attemptCount = 0
      try {
        return await pRetry(
          async () => {
            attemptCount++
            const { queue, budget } = queueOf(req.endpoint)
            return (await queue.add(
              async () => {
                const release = await budget.acquire(req.signal)
                try {
                  const answer = await attempt(req, release)
                  report(config.onAttempt, { endpoint: req.endpoint, outcome: 'ok' })
                  return answer
                } catch (error) {
                  const outcome = attemptOutcome(error)
                  report(config.onAttempt, { endpoint: req.endpoint, outcome })
                  throw error
                } finally {
                  release()
                }
              },
              { signal: req.signal },
            )) as z.output<typeof req.schema>
          },
          {
            retries,
            // The delay is ours (below, through the clock) so Retry-After and jitter are honoured.
            minTimeout: 0,
            factor: 1,
            signal: req.signal,
            shouldRetry: async ({ error, attemptNumber }) => {
              if (!(error instanceof RetryableFailure)) return false
              const backoffMs = Math.min(
                retryMaxDelayMs,
                retryBaseDelayMs * 2 ** (attemptNumber - 1),
              )
              const jitteredMs = Math.floor(random() * backoffMs)
              const delayMs = Math.min(
                retryMaxDelayMs,
                Math.max(jitteredMs, error.retryAfterMs ?? 0),
              )
              // Info, not warn: a retry that then succeeds is routine; the final failure is the error.
              logger.info(
                {
                  endpoint: req.endpoint,
                  attempt: attemptNumber,
                  delayMs,
                  error: error.final.message,
                },
                'service request failed, retrying',
              )
              report(config.onRetry, { endpoint: req.endpoint, attemptNumber, delayMs })
              await clock.sleepMs(delayMs, req.signal)
              return true
            },
          },
        )
      } catch (error) {
        if (error instanceof RetryableFailure) {
          const final = error.final
          if (final instanceof ServiceUnreachableError) {
            throw new ServiceUnreachableError(
              final.endpoint,
              final.reason,
              final.detail,
              attemptCount,
            )
          }
          throw final
        }
        throw error
      }
    },
  }
}

/** Calls an observer callback; what it throws is dropped, so metrics never fail a request. */
function report<T>(callback: ((value: T) => void) | undefined, value: T): void {
  try {
    callback?.(value)
  } catch {
    // P-3.6: observability is best-effort.
  }
}

function attemptOutcome(error: unknown): AttemptOutcome {
  const final = error instanceof RetryableFailure ? error.final : error
  if (final instanceof ServiceUnreachableError) return final.reason
  if (final instanceof ServiceResponseError) return 'malformed'
  if (final instanceof ServiceError) {
    if (final.status === 429) return 'rateLimited'
    return final.status >= 500 || final.status === 408 ? 'serverError' : 'serviceError'
  }
  return 'aborted'
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

/** Retry-After is seconds or an HTTP date (RFC 9110 §10.2.3). */
function parseRetryAfterMs(header: string | null, clock: Clock): number | undefined {
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, at - clock.nowMs())
}
