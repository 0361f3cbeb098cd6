import type { Alert, AlertLabels } from './alertTypes.ts'
import type { EngineEvent } from './engineEvents.ts'

/** Intents in a row that ended without success, and the last few of them as lines. */
export type FailureStreak = { count: number; recent: readonly string[] }

/** What decideTerminalAlerts needs besides the event. */
export type TerminalAlertContext = {
  /** A hookFailed alert already went out for this intent (from its `hook` event). */
  hookAlerted: boolean
  failures: FailureStreak
  /** The intent's labels (strategy, route, chain), when known. */
  labels: AlertLabels
  /** Streak length that alerts (observe.alerts.consecutiveFailures). */
  consecutiveFailures: number
  nowMs: number
}

/** Failed intents a consecutiveFailures alert lists. */
const MAX_FAILURE_LINES = 10

/**
 * The alerts of an intent's end, and the failure streak after it. Pure.
 * - `refused` → verificationRefused (security): the verifier would not sign (P-4.6).
 * - `failed` with "hook failed" and no hookFailed alert yet → hookFailed (critical).
 * - failed with `economics` → marketMoved (warning), at its own rate; it neither lengthens nor
 *   resets the streak, as it counts toward neither kill-switch rule.
 * - failed with `config` → configFailure (critical); like economics it leaves the streak alone.
 * - failed, cancelled and refused lengthen the streak, completed resets it; every
 *   `consecutiveFailures`-th in a row → consecutiveFailures (critical), listing the last ones.
 */
export function decideTerminalAlerts(
  event: Extract<EngineEvent, { type: 'terminal' }>,
  context: TerminalAlertContext,
): { alerts: Alert[]; failures: FailureStreak } {
  const { labels, nowMs, consecutiveFailures } = context
  const alerts: Alert[] = []
  const ids = [...(event.orderId ? [`order ${event.orderId}`] : []), `intent ${event.intentId}`]
  if (event.state === 'refused') {
    alerts.push({
      kind: 'verificationRefused',
      severity: 'security',
      title: 'Verification refused a transaction',
      text: [
        ...ids,
        event.detail,
        "nothing was signed: the service answered a transaction that does not match ferry's intent; check the service before trusting it again",
      ],
      labels,
      atMs: nowMs,
    })
  }
  if (event.state === 'failed' && /hook failed/i.test(event.detail) && !context.hookAlerted) {
    alerts.push(hookFailedAlert(event.intentId, event.orderId, [], labels, nowMs))
  }
  if (event.config) {
    alerts.push({
      kind: 'configFailure',
      severity: 'critical',
      title: 'An intent ended before signing: the config is wrong',
      text: [
        ...ids,
        event.detail,
        'nothing was signed; fix the config (ferry config check --online probes every feed) and restart: every intent on this route fails until then',
      ],
      labels,
      atMs: nowMs,
    })
    return { alerts, failures: context.failures }
  }
  if (event.economics) {
    alerts.push({
      kind: 'marketMoved',
      severity: 'warning',
      title: 'An intent ended before signing: the market moved',
      text: [
        ...ids,
        event.detail,
        'nothing was signed; the strategy will quote again on its schedule',
      ],
      labels,
      atMs: nowMs,
    })
    return { alerts, failures: context.failures }
  }
  if (event.state === 'completed') return { alerts, failures: { count: 0, recent: [] } }
  const line = `${event.intentId}: ${event.state}, ${event.detail}`
  const failures = {
    count: context.failures.count + 1,
    recent: [...context.failures.recent, line].slice(
      -Math.min(consecutiveFailures, MAX_FAILURE_LINES),
    ),
  }
  if (failures.count % consecutiveFailures === 0) {
    alerts.push({
      kind: 'consecutiveFailures',
      severity: 'critical',
      title: `${failures.count} intents in a row ended without success`,
      text: [
        ...failures.recent,
        'look before more are tried: ferry kill on stops new intents while tracking goes on',
      ],
      labels: {},
      atMs: nowMs,
    })
  }
  return { alerts, failures }
}

/** The hookFailed alert: from a `hook` event (with its steps) or a terminal "hook failed". */
export function hookFailedAlert(
  intentId: string,
  orderId: string | undefined,
  steps: readonly { stepNumber: number; status: string }[],
  labels: AlertLabels,
  nowMs: number,
): Alert {
  return {
    kind: 'hookFailed',
    severity: 'critical',
    title: 'Hook failed',
    text: [
      ...(orderId ? [`order ${orderId}`] : []),
      `intent ${intentId}`,
      ...(steps.length > 0
        ? [`steps: ${steps.map((s) => `${s.stepNumber} ${s.status}`).join(', ')}`]
        : []),
      orderId
        ? `the order was filled but its hook did not run; see ferry hook-status ${orderId}`
        : 'the order was filled but its hook did not run',
    ],
    labels,
    atMs: nowMs,
  }
}
