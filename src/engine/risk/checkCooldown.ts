import type { Intent } from '../../common/strategy/marketTypes.ts'
import { accept, postpone, type RiskContext, type Verdict } from './riskTypes.ts'

/**
 * Postpones an intent whose route failed (or was cancelled) less than `cooldownMsAfterFailure`
 * ago, for the rest of the cooldown (Freqtrade's CooldownPeriod, safety P-4.5). A cooldown of 0
 * disables the check. Reason: `routeCoolingDown`.
 */
export function checkCooldown(intent: Intent, context: RiskContext): Verdict {
  const failedAtMs = context.lastRouteFailureAtMs
  const cooldownMs = context.limits.cooldownMsAfterFailure
  if (failedAtMs === undefined || cooldownMs <= 0) return accept()
  const remainingMs = failedAtMs + cooldownMs - context.snapshot.nowMs
  if (remainingMs <= 0) return accept()
  return postpone(
    'routeCoolingDown',
    remainingMs,
    `route ${intent.route.routeId} failed ${context.snapshot.nowMs - failedAtMs} ms ago; cooldown ${cooldownMs} ms`,
  )
}
