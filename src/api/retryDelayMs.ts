/** Inputs of {@link retryDelayMs}; durations in ms. */
export type RetryDelayParams = {
  /** The attempt that just failed, from 1. */
  attemptNumber: number
  /** First backoff delay; doubles each retry. */
  baseDelayMs: number
  /** Cap of the backoff and of the final delay, Retry-After included. */
  maxDelayMs: number
  /** A draw in [0, 1) for the full jitter. */
  random: number
  /** The service's Retry-After, when it sent one. */
  retryAfterMs: number | undefined
}

/**
 * How long to sleep before the next attempt, in ms: exponential backoff with full jitter
 * (`random × min(max, base × 2^(attempt−1))`), raised to the service's Retry-After when that is
 * longer, and capped at `maxDelayMs`. Pure.
 */
export function retryDelayMs(params: RetryDelayParams): number {
  const { attemptNumber, baseDelayMs, maxDelayMs, random, retryAfterMs } = params
  const backoffMs = Math.min(maxDelayMs, baseDelayMs * 2 ** (attemptNumber - 1))
  const jitteredMs = Math.floor(random * backoffMs)
  return Math.min(maxDelayMs, Math.max(jitteredMs, retryAfterMs ?? 0))
}
