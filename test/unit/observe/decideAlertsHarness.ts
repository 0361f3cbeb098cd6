/**
 * The shared setup of the decideAlerts tests: the rules, a runner that feeds events in order, and
 * event builders.
 */
import { ALERT_KINDS, type Alert, type AlertRules } from '../../../src/observe/alertTypes.ts'
import {
  type AlertState,
  decideAlerts,
  initialAlertState,
} from '../../../src/observe/decideAlerts.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'

export const MINUTE_MS = 60_000
export const CANARY = 'canary-secret-3f9a2b7c4d'
export const ORDER = `0x${'ab'.repeat(32)}`
export const INTENT = 'usdc:42161-8453:1700000000000'

export const rules: AlertRules = {
  minIntervalMs: Object.fromEntries(
    ALERT_KINDS.map((k) => [k, MINUTE_MS]),
  ) as AlertRules['minIntervalMs'],
  consecutiveFailures: 3,
  gasReserve: { '42161': 2_000_000_000_000_000n },
  knownSecrets: [CANARY],
}

/** Feeds events in order, `stepMs` apart, and collects every alert. */
export function run(
  events: EngineEvent[],
  options: { startMs?: number; stepMs?: number; state?: AlertState; rules?: AlertRules } = {},
): { alerts: Alert[]; state: AlertState } {
  let state = options.state ?? initialAlertState
  let nowMs = options.startMs ?? 1_000_000
  const alerts: Alert[] = []
  for (const event of events) {
    const decided = decideAlerts(event, state, options.rules ?? rules, nowMs)
    alerts.push(...decided.alerts)
    state = decided.state
    nowMs += options.stepMs ?? 1_000
  }
  return { alerts, state }
}

export function intentEvent(intentId = INTENT): EngineEvent {
  return {
    type: 'intent',
    strategy: 'usdc',
    requestId: 'rebalance:42161->8453',
    intentId,
    route: '42161 → 8453',
    amountIn: '1000000000',
    minAmountOut: '990000000',
    notionalUsd: 1000,
    reason: 'rebalance',
    quotedAmountOut: '995000000',
    quotedAmountOutUsd: 995,
    costBps: 50,
    costsUsd: {},
    edgeBps: undefined,
  }
}

export function terminal(
  state: 'completed' | 'failed' | 'refused' | 'cancelled',
  detail: string,
  intentId = INTENT,
): EngineEvent {
  return { type: 'terminal', intentId, orderId: undefined, state, detail }
}

export const LABELS = { chain: '42161', strategy: 'usdc', route: '42161 → 8453' }
