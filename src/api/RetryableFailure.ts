/**
 * Thrown inside an attempt for failures that a retry may cure; `final` is what the caller gets
 * once retries run out, `retryAfterMs` the service's Retry-After, in ms, when it sent one.
 */
export class RetryableFailure extends Error {
  constructor(
    readonly final: Error,
    readonly retryAfterMs?: number,
  ) {
    super(final.message)
  }
}
