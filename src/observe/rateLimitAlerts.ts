import {
  ALERT_KINDS,
  type Alert,
  type AlertKind,
  type AlertRules,
  type AlertSeverity,
  SEVERITY_ORDER,
} from './alertTypes.ts'

/** Alerts held back by the rate limit since the last one of their kind went out. */
export type HeldAlerts = {
  count: number
  /** The most urgent severity among them. */
  severity: AlertSeverity
  /** The first few, one line each (`title: first text line`). */
  samples: readonly string[]
}

/** The rate limiter's memory: when each kind last went out, and what it held back since. */
export type RateLimitState = {
  lastSentMs: Readonly<Partial<Record<AlertKind, number>>>
  held: Readonly<Partial<Record<AlertKind, HeldAlerts>>>
}

export const initialRateLimitState: RateLimitState = { lastSentMs: {}, held: {} }

/** Lines of held alerts a summary lists; the rest are counted. */
const MAX_SAMPLES = 5

const KIND_NAMES: Readonly<Record<AlertKind, string>> = {
  orderStuck: 'order stuck',
  hookFailed: 'hook failed',
  verificationRefused: 'verification refused',
  riskLimit: 'risk limit',
  killSwitch: 'kill switch',
  gasReserveLow: 'gas below reserve',
  consecutiveFailures: 'consecutive failures',
  marketMoved: 'market moved',
  rpcDisagreement: 'RPC disagreement',
  walletUnheld: 'wallet without a holder',
  configFailure: 'configuration failure',
}

/**
 * Lets an alert through when its kind's `minIntervalMs` has passed since the last one of that
 * kind, or holds it back. A held alert is never lost: it is counted, and the next alert of the
 * kind says how many were held, or {@link flushHeldAlerts} summarises them. Pure.
 */
export function rateLimitAlert(
  alert: Alert,
  state: RateLimitState,
  rules: AlertRules,
  nowMs: number,
): { alert: Alert | undefined; state: RateLimitState } {
  const { kind } = alert
  const last = state.lastSentMs[kind]
  if (last !== undefined && nowMs - last < rules.minIntervalMs[kind]) {
    const held = state.held[kind]
    const sample = `${alert.title}: ${alert.text[0] ?? ''}`
    const next: HeldAlerts = {
      count: (held?.count ?? 0) + 1,
      severity: moreUrgent(held?.severity ?? 'info', alert.severity),
      samples:
        held && held.samples.length >= MAX_SAMPLES
          ? held.samples
          : [...(held?.samples ?? []), sample],
    }
    return { alert: undefined, state: { ...state, held: { ...state.held, [kind]: next } } }
  }
  const held = state.held[kind]
  const out = held ? { ...alert, text: [...alert.text, heldLine(kind, held.count)] } : alert
  return {
    alert: out,
    state: {
      lastSentMs: { ...state.lastSentMs, [kind]: nowMs },
      held: { ...state.held, [kind]: undefined },
    },
  }
}

/**
 * Summarises the alerts held back of each kind whose interval has passed (every kind with
 * `force`, e.g. when ferry exits): one alert per kind, as urgent as the most urgent held one,
 * listing the first few. Pure.
 */
export function flushHeldAlerts(
  state: RateLimitState,
  rules: AlertRules,
  nowMs: number,
  options: { force?: boolean } = {},
): { alerts: Alert[]; state: RateLimitState } {
  const alerts: Alert[] = []
  let next = state
  for (const kind of ALERT_KINDS) {
    const held = next.held[kind]
    if (!held) continue
    const last = next.lastSentMs[kind] ?? 0
    if (!options.force && nowMs - last < rules.minIntervalMs[kind]) continue
    const more = held.count - held.samples.length
    alerts.push({
      kind,
      severity: held.severity,
      title: `${held.count} more ${KIND_NAMES[kind]} alert${held.count === 1 ? '' : 's'}`,
      text: [
        ...held.samples,
        ...(more > 0 ? [`…and ${more} more`] : []),
        `held back by the rate limit (observe.alerts.minIntervalMs.${kind})`,
      ],
      labels: {},
      atMs: nowMs,
    })
    next = {
      lastSentMs: { ...next.lastSentMs, [kind]: nowMs },
      held: { ...next.held, [kind]: undefined },
    }
  }
  return { alerts, state: next }
}

/** When the earliest held summary becomes due, ms since the epoch; undefined when none is held. */
export function nextHeldDueMs(state: RateLimitState, rules: AlertRules): number | undefined {
  let due: number | undefined
  for (const kind of ALERT_KINDS) {
    if (!state.held[kind]) continue
    const at = (state.lastSentMs[kind] ?? 0) + rules.minIntervalMs[kind]
    due = due === undefined ? at : Math.min(due, at)
  }
  return due
}

/** Whether any kind has alerts held back, waiting for their summary. */
export function holdsAlerts(state: RateLimitState): boolean {
  for (const kind in state.held) if (state.held[kind as AlertKind]) return true
  return false
}

function heldLine(kind: AlertKind, count: number): string {
  return `(+${count} more ${KIND_NAMES[kind]} alert${count === 1 ? '' : 's'} held back by the rate limit since the last one)`
}

function moreUrgent(a: AlertSeverity, b: AlertSeverity): AlertSeverity {
  return SEVERITY_ORDER.indexOf(a) >= SEVERITY_ORDER.indexOf(b) ? a : b
}
