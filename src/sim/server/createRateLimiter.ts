import type { Clock } from '../../common/clock.ts'

/** Outcome of one request against its budget. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterS: number }

/** Per-endpoint request budget. */
export type RateLimiter = { take(endpoint: string): RateDecision }

/**
 * Creates a fixed-window limiter: each endpoint may take `requestsPerMinute` requests per clock
 * minute (docs/dln.md §2.3: limits are per endpoint, not pooled). `undefined` or 0 turns it off,
 * the default. A refused request gets the seconds until the window resets, at least 1.
 * @param windowMs length of the window in ms, aligned to multiples of it since the epoch. Default
 *   60 000; a shorter one compresses time for tests and benches (the budget is then per window).
 */
export function createRateLimiter(
  requestsPerMinute: number | undefined,
  clock: Clock,
  windowMs = 60_000,
): RateLimiter {
  const windows = new Map<string, { startMs: number; count: number }>()
  return {
    take(endpoint) {
      if (!requestsPerMinute) return { allowed: true }
      const nowMs = clock.nowMs()
      const startMs = Math.floor(nowMs / windowMs) * windowMs
      let window = windows.get(endpoint)
      if (!window || window.startMs !== startMs) {
        window = { startMs, count: 0 }
        windows.set(endpoint, window)
      }
      if (window.count >= requestsPerMinute) {
        return {
          allowed: false,
          retryAfterS: Math.max(1, Math.ceil((startMs + windowMs - nowMs) / 1000)),
        }
      }
      window.count++
      return { allowed: true }
    },
  }
}
