/**
 * The state of one RPC URL's circuit breaker. `closed`: requests flow, `failures` in a row so far.
 * `open`: no request until `untilMs`. `halfOpen`: one probe may go; its result decides.
 */
export type BreakerState =
  | { kind: 'closed'; failures: number }
  | { kind: 'open'; untilMs: number }
  | { kind: 'halfOpen'; probing: boolean }

/** When a breaker opens and how long it stays open. */
export type BreakerPolicy = {
  /** Failures in a row that open the breaker. Default 3. */
  failureThreshold: number
  /** How long an open breaker refuses requests before a probe, ms. Default 30 000. */
  cooldownMs: number
}

/** Defaults of {@link BreakerPolicy}. */
export const DEFAULT_BREAKER_POLICY: BreakerPolicy = { failureThreshold: 3, cooldownMs: 30_000 }

/** A breaker that has seen nothing yet. */
export const CLOSED: BreakerState = { kind: 'closed', failures: 0 }

/**
 * Whether a request may go to the URL now, and the state that results. An open breaker past its
 * cooldown turns half-open and lets exactly one probe through; others wait for its answer. Pure.
 */
export function breakerAllows(
  state: BreakerState,
  nowMs: number,
): { allow: boolean; next: BreakerState } {
  if (state.kind === 'closed') return { allow: true, next: state }
  if (state.kind === 'open') {
    return nowMs < state.untilMs
      ? { allow: false, next: state }
      : { allow: true, next: { kind: 'halfOpen', probing: true } }
  }
  return state.probing
    ? { allow: false, next: state }
    : { allow: true, next: { kind: 'halfOpen', probing: true } }
}

/**
 * The state after a request to the URL ended: a success closes the breaker (a probe's success
 * too); a failure counts toward the threshold, and a failed probe opens it again. Pure.
 */
export function breakerAfter(
  state: BreakerState,
  ok: boolean,
  nowMs: number,
  policy: BreakerPolicy,
): BreakerState {
  if (ok) return CLOSED
  if (state.kind === 'closed' && state.failures + 1 < policy.failureThreshold) {
    return { kind: 'closed', failures: state.failures + 1 }
  }
  return { kind: 'open', untilMs: nowMs + policy.cooldownMs }
}
