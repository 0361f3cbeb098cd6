import { ALERT_KIND_NAMES } from '../settings/alertSettingsSchema.ts'

/**
 * The alert kinds, each decided from the engine's events by decideAlerts:
 * - `orderStuck`: an order passed `tracking.deadlineMs` without its fill or its hook (P-7.4).
 * - `hookFailed`: the stats API reports a Failed hook step (P-7.6).
 * - `verificationRefused`: ferry refused to sign what the service answered (P-4.6); security.
 * - `riskLimit`: a configured risk limit held an intent back (P-4.2, P-4.3).
 * - `killSwitch`: the kill-switch file appeared or went away (P-4.4).
 * - `gasReserveLow`: a wallet's native balance fell under `risk.gasReserve` (P-4.3).
 * - `consecutiveFailures`: N intents in a row ended without success (P-4.4).
 * - `marketMoved`: an accepted intent ended before signing for economics (its quote moved below
 *   the minimum, a trusted price was stale, a risk limit no longer held); never the kill switch.
 * - `rpcDisagreement`: a chain's RPCs gave different answers to a read that decides money; the
 *   read was refused (P-2.12); security: one of them lies or lags.
 * - `walletUnheld`: on a shared PostgreSQL journal, a wallet has had no live lease holder for
 *   longer than the lease TTL: its strategies run nowhere (docs/architecture.md §5); critical.
 * - `configFailure`: an accepted intent ended because the config is wrong (a price feed that is
 *   not there), named with its fix; critical, never the kill switch, no route cooldown.
 */
export const ALERT_KINDS = ALERT_KIND_NAMES
export type AlertKind = (typeof ALERT_KINDS)[number]

/**
 * How urgent: `info` (for the record), `warning` (look today), `critical` (look now: money may be
 * stuck), `security` (the service answered something ferry would not sign).
 */
export type AlertSeverity = 'info' | 'warning' | 'critical' | 'security'

/** Severities from least to most urgent. */
export const SEVERITY_ORDER: readonly AlertSeverity[] = ['info', 'warning', 'critical', 'security']

/**
 * Bounded labels for routing and grouping alerts: chain ids, strategy instance ids, routes as
 * `describeRoute` writes them, and a risk reason's enum member. Never an order id or an address:
 * those go in the text.
 */
export type AlertLabels = {
  chain?: string
  strategy?: string
  route?: string
  reason?: string
}

/** One alert, as decideAlerts produces it and formatAlert renders it. */
export type Alert = {
  kind: AlertKind
  severity: AlertSeverity
  /** One short line, stable per situation (ids go in `text`). */
  title: string
  /** Lines for a person: what happened, the intent and order ids, what to do. */
  text: readonly string[]
  labels: AlertLabels
  /** When ferry decided it, ms since the epoch. */
  atMs: number
}

/** What decideAlerts holds events against; built once from the config. */
export type AlertRules = {
  /** Least time between two alerts of a kind, ms (observe.alerts.minIntervalMs; default 60 000). */
  minIntervalMs: Readonly<Record<AlertKind, number>>
  /** Intents in a row without success before `consecutiveFailures` alerts. Default 3. */
  consecutiveFailures: number
  /** Native base units to keep per chain id (risk.gasReserve, the global floors). */
  gasReserve: Readonly<Record<string, bigint>>
  /** Exact values censored from every alert (keys, tokens, webhook URLs), as the logger does. */
  knownSecrets: readonly string[]
}

/** Default of `observe.alerts.minIntervalMs` for every kind, ms. */
export const DEFAULT_ALERT_MIN_INTERVAL_MS = 60_000
