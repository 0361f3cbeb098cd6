import type { Intent } from '../../common/strategy/marketTypes.ts'
import { accept, type RiskContext, reject, type Verdict } from './riskTypes.ts'

/**
 * Rejects an intent that would take the last 24 h of notional above `maxNotionalUsdPerDay`,
 * globally (the global limit) or on its route (the route's limit); reaching the cap exactly
 * passes. The totals come from the journal, so restarts do not reset the window (safety P-4.2).
 * Reason: `dailyNotionalExceeded`.
 */
export function checkDailyNotional(intent: Intent, context: RiskContext): Verdict {
  const globalAfterUsd = context.notionalUsdToday + intent.notionalUsd
  const globalMaxUsd = context.globalLimits.maxNotionalUsdPerDay
  if (globalAfterUsd > globalMaxUsd) {
    return reject(
      'dailyNotionalExceeded',
      `24 h notional would be ${globalAfterUsd.toFixed(2)} USD, above the global maxNotionalUsdPerDay ${globalMaxUsd} USD`,
    )
  }
  const routeAfterUsd = context.routeNotionalUsdToday + intent.notionalUsd
  const routeMaxUsd = context.limits.maxNotionalUsdPerDay
  if (routeAfterUsd > routeMaxUsd) {
    return reject(
      'dailyNotionalExceeded',
      `24 h notional on route ${intent.route.routeId} would be ${routeAfterUsd.toFixed(2)} USD, above its maxNotionalUsdPerDay ${routeMaxUsd} USD`,
    )
  }
  return accept()
}
