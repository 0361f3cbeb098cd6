/** What one POST of an alert came to. */
export type PostAlertOutcome =
  | { ok: true }
  | {
      ok: false
      /** Network errors, timeouts, 408, 429 and 5xx are worth another try; other answers are not. */
      retryable: boolean
      /** For the log: the status and the start of the answer, or the network error. */
      error: string
      /** A 429's Retry-After, ms (at most 60 000). */
      retryAfterMs?: number
    }

/** Options of {@link postAlert}. */
export type PostAlertOptions = {
  /** Timeout of this attempt, ms. */
  timeoutMs: number
  /** Aborts the attempt (ferry is exiting). */
  signal: AbortSignal
  /** Now, ms since the epoch, to read a Retry-After date against. */
  nowMs: number
}

/** The longest Retry-After ferry honours, ms; a webhook asking for more gets a retry sooner. */
const MAX_RETRY_AFTER_MS = 60_000
/** Characters of an error answer kept for the log. */
const MAX_ANSWER_CHARS = 200

/**
 * POSTs one alert body as JSON, once, and classifies the result; never throws. The URL appears
 * in nothing it returns (node's fetch errors name the host and port, not the path).
 */
export async function postAlert(
  fetchFn: typeof fetch,
  url: string,
  body: string,
  options: PostAlertOptions,
): Promise<PostAlertOutcome> {
  try {
    const response = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs), options.signal]),
    })
    // Read to the end either way, so the connection is freed for the next alert.
    const answer = await response.text().catch(() => '')
    if (response.ok) return { ok: true }
    const status = response.status
    const retryAfterMs =
      status === 429
        ? parseRetryAfterMs(response.headers.get('retry-after'), options.nowMs)
        : undefined
    return {
      ok: false,
      retryable: status === 408 || status === 429 || status >= 500,
      error: `HTTP ${status}${answer ? `: ${answer.slice(0, MAX_ANSWER_CHARS)}` : ''}`,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    }
  } catch (error) {
    return { ok: false, retryable: true, error: describeFetchError(error, options.timeoutMs) }
  }
}

/** Retry-After as delay-seconds or an HTTP date, in ms from `nowMs`, capped; undefined if unreadable. */
function parseRetryAfterMs(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined
  const seconds = Number(value)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - nowMs
  if (!Number.isFinite(ms)) return undefined
  return Math.min(Math.max(0, Math.round(ms)), MAX_RETRY_AFTER_MS)
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  const e = error as Error & { cause?: { code?: string; message?: string } }
  if (e?.name === 'TimeoutError') return `timed out after ${timeoutMs} ms`
  if (e?.name === 'AbortError') return 'aborted: ferry is exiting'
  const cause = e?.cause?.message ?? e?.cause?.code
  return cause ? `${e.message} (${cause})` : String(e?.message ?? error)
}
