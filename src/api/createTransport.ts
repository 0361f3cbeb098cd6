import PQueue from 'p-queue'
import pRetry from 'p-retry'
import type { z } from 'zod'
import { type Clock, systemClock } from '../common/clock.ts'
import { type Logger, silentLogger } from '../common/Logger.ts'
import { refuseUrlCredentials } from '../common/refuseUrlCredentials.ts'
import type { AttemptOutcome } from './AttemptOutcome.ts'
import { createRateBudget, type RateBudget } from './createRateBudget.ts'
import type { EndpointName } from './EndpointName.ts'
import { outcomeOfAttempt } from './outcomeOfAttempt.ts'
import { RetryableFailure } from './RetryableFailure.ts'
import { retryDelayMs } from './retryDelayMs.ts'
import { ServiceUnreachableError } from './ServiceUnreachableError.ts'
import { type AttemptDeps, sendAttempt } from './sendAttempt.ts'
import type { TransportRequest } from './TransportRequest.ts'

/** Settings of the transport. Every field has a default except the two URLs. */
export type TransportConfig = {
  /** {base_url} of docs/service.md §4.4/§4.5, e.g. `http://127.0.0.1:8787`. */
  apiUrl: string
  /**
   * Which service's paths the order endpoint uses: `net` (the seed's `/v1.0/net/order/...`, the
   * default) or `dln` (the real service's `/v1.0/dln/order/...`, docs/service.md §10).
   */
  pathPrefix?: ServicePathPrefix
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
  /**
   * Called before each retry's backoff sleep (`delayMs`), for metrics and the terminal's retry
   * line; `error` is the failed attempt's one-line reason. What it throws is ignored.
   */
  onRetry?: (retry: {
    endpoint: EndpointName
    attemptNumber: number
    delayMs: number
    error?: string
  }) => void
  /**
   * Aborts every request of this client at once, pending attempts and backoff sleeps included
   * (ferry's first Ctrl-C). Default none.
   */
  stopSignal?: AbortSignal
  /**
   * Bound on one request with all its attempts and backoffs, ms: past it the request fails as a
   * timeout. Interactive commands set it so a hanging service gets an answer in seconds.
   * Default none (attempts × timeoutMs plus backoffs).
   */
  requestDeadlineMs?: number
}

/** The one function that talks HTTP to the service. */
/** The path segment of the order endpoints: the seed's service (`net`) or the real one (`dln`). */
export type ServicePathPrefix = 'net' | 'dln'

export type Transport = {
  request<S extends z.ZodType>(req: TransportRequest<S>): Promise<z.output<S>>
  /** The order endpoints' path segment this client was configured with. */
  readonly pathPrefix: ServicePathPrefix
  /** Requests started per endpoint (every attempt counts), for metrics and tests. */
  readonly attempts: Record<EndpointName, number>
}

/**
 * Creates the HTTP transport of the client: a timeout on every attempt (AbortSignal), a p-queue
 * per endpoint (4 at a time) behind a requests-per-minute budget that holds at the service
 * (createRateBudget: a slot frees a window after its answer's status), and p-retry with exponential
 * backoff and full jitter on network errors a retry may cure (not a refused port or a name that
 * does not resolve: permanentNetworkError), timeouts, 429 (honouring Retry-After) and 5xx.
 * 4xx answers, error bodies and schema failures are never retried (safety P-3.1..P-3.5).
 * The backoff sleeps through the injected clock, so tests assert delays without waiting.
 * A service URL with credentials in it is refused here (exit 2), before any request.
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
  refuseUrlCredentials([
    ['service.apiUrl', config.apiUrl],
    ['service.statsUrl', config.statsUrl],
  ])
  const secrets = config.accessToken ? [config.accessToken] : []
  const queues = new Map<EndpointName, { queue: PQueue; budget: RateBudget }>()
  const attempts: Record<EndpointName, number> = {
    'create-tx': 0,
    'cancel-tx': 0,
    'chain/transaction': 0,
    externalCallProcess: 0,
    usersLeaderboard: 0,
    referralProgramLeaderboard: 0,
  }
  const deps: AttemptDeps = {
    apiUrl: config.apiUrl,
    statsUrl: config.statsUrl,
    accessToken: config.accessToken,
    secrets,
    timeoutMs,
    fetch: config.fetch ?? fetch,
    clock,
    logger,
    attempts,
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

  return {
    attempts,
    pathPrefix: config.pathPrefix ?? 'net',
    async request(caller) {
      let attemptCount = 0
      const deadline =
        config.requestDeadlineMs === undefined
          ? undefined
          : AbortSignal.timeout(config.requestDeadlineMs)
      const signals = [caller.signal, config.stopSignal, deadline].filter(
        (s): s is AbortSignal => s !== undefined,
      )
      const req =
        signals.length === 0
          ? caller
          : { ...caller, signal: signals.length === 1 ? signals[0] : AbortSignal.any(signals) }
      try {
        return await pRetry(
          async () => {
            attemptCount++
            const { queue, budget } = queueOf(req.endpoint)
            return (await queue.add(
              async () => {
                const release = await budget.acquire(req.signal)
                try {
                  const answer = await sendAttempt(req, release, deps)
                  report(config.onAttempt, { endpoint: req.endpoint, outcome: 'ok' })
                  return answer
                } catch (error) {
                  const outcome = outcomeOfAttempt(error)
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
              const delayMs = retryDelayMs({
                attemptNumber,
                baseDelayMs: retryBaseDelayMs,
                maxDelayMs: retryMaxDelayMs,
                random: random(),
                retryAfterMs: error.retryAfterMs,
              })
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
              report(config.onRetry, {
                endpoint: req.endpoint,
                attemptNumber,
                delayMs,
                error: error.final.message.split('\n')[0],
              })
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
        // The request's own deadline, not the caller's signal or a stop: a timeout to report.
        if (deadline?.aborted && !caller.signal?.aborted && !config.stopSignal?.aborted) {
          throw new ServiceUnreachableError(
            req.endpoint,
            'timeout',
            `${config.requestDeadlineMs} ms for the request and its retries`,
            attemptCount,
            ['fix: check that the service answers, or raise --timeout-ms'],
          )
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
