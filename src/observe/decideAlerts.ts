import type { Alert, AlertRules } from './alertTypes.ts'
import { decideGasReserveAlerts } from './decideGasReserveAlerts.ts'
import {
  decideTerminalAlerts,
  type FailureStreak,
  hookFailedAlert,
} from './decideTerminalAlerts.ts'
import type { EngineEvent } from './engineEvents.ts'
import { isQuietEvent } from './isQuietEvent.ts'
import {
  flushHeldAlerts,
  holdsAlerts,
  initialRateLimitState,
  type RateLimitState,
  rateLimitAlert,
} from './rateLimitAlerts.ts'
import {
  forgetIntent,
  type IntentMemory,
  intentAlertLabels,
  rememberIntent,
  UNKNOWN_INTENT,
} from './rememberIntent.ts'
import { scrubAlert } from './scrubAlert.ts'
import { walletUnheldAlert } from './walletUnheldAlert.ts'

/** decideAlerts' memory between events; bounded (rememberIntent). */
export type AlertState = {
  /** Intents seen and not ended yet, oldest first. */
  intents: IntentMemory
  /** Intents in a row that ended without success, and the last few of them as lines. */
  failures: FailureStreak
  /** Chains whose native balance is under its reserve (alerted once per dip). */
  lowGasChains: readonly string[]
  rateLimit: RateLimitState
}

export const initialAlertState: AlertState = {
  intents: new Map(),
  failures: { count: 0, recent: [] },
  lowGasChains: [],
  rateLimit: initialRateLimitState,
}

/**
 * Verdict reasons that mean a configured risk limit held an intent back, and so alert (risk
 * section, engine/risk/riskTypes.ts): per-order, daily and in-flight notional caps, the gas reserve floor,
 * and the quote's economics (cost, guaranteed output, price impact). Not alerted:
 * `killSwitchEngaged` (the killSwitch alert reports the change once, not every intent after it),
 * `routeCoolingDown` (the wait after a failure already alerted) and `missingPrice` (a data gap,
 * not a limit).
 */
export const RISK_LIMIT_REASONS: ReadonlySet<string> = new Set([
  'notionalPerOrderExceeded',
  'dailyNotionalExceeded',
  'inFlightBudgetFull',
  'gasReserveBreached',
  'costTooHigh',
  'outputBelowUsdValue',
  'priceImpactTooHigh',
])

/**
 * Turns one engine event into the alerts a person should get, and the state
 * for the next event. Pure: time comes in `nowMs`, limits in `rules`.
 * - `stuck` → orderStuck (warning); `hook` with a Failed step, or a `terminal` failed with
 *   "hook failed" whose hook event was not seen → hookFailed (critical);
 * - `terminal` refused → verificationRefused (security);
 * - `decision` reject/postpone for a {@link RISK_LIMIT_REASONS} reason → riskLimit (warning);
 * - `killSwitch` → killSwitch (engaged: warning, released: info);
 * - `balances` with a native balance under `rules.gasReserve` → gasReserveLow (warning), once
 *   per dip: again only after it recovered;
 * - every `rules.consecutiveFailures`-th intent in a row ending failed, cancelled or refused →
 *   consecutiveFailures (critical); a completed one resets the count.
 *
 * Alerts then pass the per-kind rate limit (rateLimitAlerts.ts); held summaries that came due
 * are added. Every title, line and label is scrubbed of `rules.knownSecrets` and of secret URL
 * parameters (redactSecrets), so no key, token or webhook URL reaches an alert.
 */
export function decideAlerts(
  event: EngineEvent,
  state: AlertState,
  rules: AlertRules,
  nowMs: number,
): { alerts: Alert[]; state: AlertState } {
  if (isQuietEvent(event, state.rateLimit)) return { alerts: [], state }
  const { candidates, state: next } = candidatesOf(event, state, rules, nowMs)
  // Most events alert nothing and nothing is held: no rate limit, flush or scrub to run.
  if (candidates.length === 0 && !holdsAlerts(next.rateLimit)) return { alerts: [], state: next }
  let rateLimit = next.rateLimit
  const alerts: Alert[] = []
  for (const candidate of candidates) {
    const limited = rateLimitAlert(candidate, rateLimit, rules, nowMs)
    rateLimit = limited.state
    if (limited.alert) alerts.push(limited.alert)
  }
  const flushed = flushHeldAlerts(rateLimit, rules, nowMs)
  alerts.push(...flushed.alerts)
  return {
    alerts: alerts.map((a) => scrubAlert(a, rules.knownSecrets)),
    // Most events change nothing: the same state back, no copy.
    state: flushed.state === next.rateLimit ? next : { ...next, rateLimit: flushed.state },
  }
}

function candidatesOf(
  event: EngineEvent,
  state: AlertState,
  rules: AlertRules,
  nowMs: number,
): { candidates: Alert[]; state: AlertState } {
  const none = { candidates: [], state }
  switch (event.type) {
    case 'intent':
      return {
        candidates: [],
        state: {
          ...state,
          intents: rememberIntent(state.intents, event.intentId, {
            strategy: event.strategy,
            route: event.route,
            chain: sourceChainOf(event.route),
            hookAlerted: false,
          }),
        },
      }
    case 'decision': {
      if (event.verdict === 'accept') return none
      const forgotten = { ...state, intents: forgetIntent(state.intents, event.intentId) }
      if (event.reason === undefined || !RISK_LIMIT_REASONS.has(event.reason))
        return { candidates: [], state: forgotten }
      const verb = event.verdict === 'reject' ? 'rejected' : 'postponed'
      return {
        candidates: [
          {
            kind: 'riskLimit',
            severity: 'warning',
            title: `Risk limit: ${event.reason}`,
            text: [
              `intent ${event.intentId} ${verb} by the ${event.check ?? 'risk'} check`,
              ...(event.detail ? [event.detail] : []),
              event.verdict === 'reject'
                ? 'nothing was sent; raise the limit in the risk section if it is too tight'
                : 'it is tried again on a later tick',
            ],
            labels: { ...intentAlertLabels(state.intents, event.intentId), reason: event.reason },
            atMs: nowMs,
          },
        ],
        state: forgotten,
      }
    }
    case 'dryRun':
    case 'unsettled':
      // Nothing more comes for them in this run.
      return {
        candidates: [],
        state: { ...state, intents: forgetIntent(state.intents, event.intentId) },
      }
    case 'stuck':
      return {
        candidates: [
          {
            kind: 'orderStuck',
            severity: 'warning',
            title:
              event.waitingFor === 'fill'
                ? `Order stuck: not filled after ${formatDurationMs(event.ageMs)}`
                : `Order stuck: hook not executed after ${formatDurationMs(event.ageMs)}`,
            text: [
              `order ${event.orderId}`,
              `intent ${event.intentId}`,
              event.waitingFor === 'fill'
                ? `tracking.deadlineMs passed without a fill; tracking.autoCancel cancels it, or run ferry cancel ${event.orderId}`
                : `tracking.deadlineMs passed with the hook not Executed; see ferry hook-status ${event.orderId}`,
            ],
            labels: intentAlertLabels(state.intents, event.intentId),
            atMs: nowMs,
          },
        ],
        state,
      }
    case 'hook': {
      if (!event.steps.some((s) => s.status === 'Failed')) return none
      // Remembered, so the terminal "hook failed" that follows does not alert a second time.
      const info = state.intents.get(event.intentId) ?? UNKNOWN_INTENT
      return {
        candidates: [
          hookFailedAlert(
            event.intentId,
            event.orderId,
            event.steps,
            intentAlertLabels(state.intents, event.intentId),
            nowMs,
          ),
        ],
        state: {
          ...state,
          intents: rememberIntent(state.intents, event.intentId, { ...info, hookAlerted: true }),
        },
      }
    }
    case 'terminal': {
      const decided = decideTerminalAlerts(event, {
        hookAlerted: state.intents.get(event.intentId)?.hookAlerted ?? false,
        failures: state.failures,
        labels: intentAlertLabels(state.intents, event.intentId),
        consecutiveFailures: rules.consecutiveFailures,
        nowMs,
      })
      return {
        candidates: decided.alerts,
        state: {
          ...state,
          failures: decided.failures,
          intents: forgetIntent(state.intents, event.intentId),
        },
      }
    }
    case 'killSwitch':
      return {
        candidates: [
          event.engaged
            ? {
                kind: 'killSwitch',
                severity: 'warning',
                title: 'Kill switch engaged',
                text: [
                  ...(event.reason ? [`engaged by ferry: ${event.reason}`] : []),
                  'no new intent is accepted; tracking and cancels of orders in flight go on',
                  'ferry kill off removes it',
                ],
                labels: {},
                atMs: nowMs,
              }
            : {
                kind: 'killSwitch',
                severity: 'info',
                title: 'Kill switch released',
                text: ['new intents are accepted again'],
                labels: {},
                atMs: nowMs,
              },
        ],
        state,
      }
    case 'rpcDisagreement':
      return {
        candidates: [
          {
            kind: 'rpcDisagreement',
            severity: 'security',
            title: `RPCs of chain ${event.chainId} disagree`,
            text: [
              `${event.method}: the read was refused, nothing was decided on it`,
              ...event.detail,
              'check each RPC against a block explorer; remove or replace the one that lies or lags',
            ],
            labels: { chain: String(event.chainId) },
            atMs: nowMs,
          },
        ],
        state,
      }
    case 'walletUnheld':
      return { candidates: [walletUnheldAlert(event, nowMs)], state }
    case 'balances': {
      const gas = decideGasReserveAlerts(
        event.balances,
        state.lowGasChains,
        rules.gasReserve,
        nowMs,
      )
      return { candidates: gas.alerts, state: { ...state, lowGasChains: gas.lowChains } }
    }
    default:
      return none
  }
}

/** The source chain of a route as describeRoute writes it (`42161 → 8453`, `swap on 42161`). */
function sourceChainOf(route: string): string | undefined {
  return /\d+/.exec(route)?.[0]
}

/** `45 s`, `10 min`, `2.5 h`: an age for people. */
function formatDurationMs(ms: number): string {
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`
  return `${(ms / 3_600_000).toFixed(1)} h`
}
