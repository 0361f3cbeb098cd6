import type { EndpointName } from '../../api/EndpointName.ts'
import type { SimRuntime } from './createSimRuntime.ts'
import type { SimAnswer } from './simAnswer.ts'
import { simErrorBody } from './simErrorBody.ts'

/** How one endpoint is served. */
export type ServeOptions = {
  endpoint: EndpointName
  /** Cache key of a quote answer; set only on the quote endpoints, where stale quotes apply. */
  staleKey?: string
  produce: () => Promise<SimAnswer>
}

/**
 * Serves one request of the five endpoints through the simulator's guards, in this order:
 * the per-endpoint rate limit (429 + Retry-After), the latency knob (slept on the runtime clock),
 * then the seeded faults (500, 200 with an errorId, stale quote, truncated JSON).
 * @see docs/dln.md §2.1, §2.3
 */
export async function serveEndpoint(runtime: SimRuntime, options: ServeOptions): Promise<Response> {
  const rate = runtime.rateLimiter.take(options.endpoint)
  if (!rate.allowed) {
    return toResponse({
      status: 429,
      body: simErrorBody(
        'TOO_MANY_REQUESTS',
        `rate limit of ${options.endpoint} reached; retry after ${rate.retryAfterS} s`,
      ),
      headers: { 'retry-after': String(rate.retryAfterS) },
    })
  }
  const { latencyMs } = runtime.faults.knobs
  if (latencyMs > 0) await runtime.clock.sleepMs(latencyMs)
  const fault = runtime.faults.decide()
  if (fault.serverError) {
    return toResponse({
      status: 500,
      body: simErrorBody('INTERNAL_SERVER_ERROR', 'injected fault: server error'),
    })
  }
  if (fault.errorId) {
    // The real service answers some refusals with 200 and an error body (docs/dln.md §2.1).
    return toResponse({
      status: 200,
      body: simErrorBody('COMPLIANCE_ADDRESS_BLOCKED', 'injected fault: address blocked'),
    })
  }
  const cached =
    options.staleKey !== undefined && fault.staleQuote
      ? runtime.quoteCache.get(options.staleKey)
      : undefined
  let answer = cached
  if (!answer) {
    answer = await options.produce()
    if (options.staleKey !== undefined && answer.status === 200) {
      runtime.rememberQuote(options.staleKey, answer)
    }
  }
  return toResponse(answer, fault.malformedJson)
}

/** Writes an answer as JSON; `truncate` cuts the text in half, which no JSON parser accepts. */
export function toResponse(answer: SimAnswer, truncate = false): Response {
  const text = JSON.stringify(answer.body)
  return new Response(truncate ? text.slice(0, Math.floor(text.length / 2)) : text, {
    status: answer.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...answer.headers },
  })
}
