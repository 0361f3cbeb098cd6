import type { Clock } from '../common/clock.ts'

/**
 * A Retry-After header as a delay in ms, never negative. It is seconds or an HTTP date
 * (RFC 9110 §10.2.3); a date counts from `clock`. Undefined when absent or unreadable.
 */
export function parseRetryAfterMs(header: string | null, clock: Clock): number | undefined {
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, at - clock.nowMs())
}
