import type { Intent } from '../../common/strategy/marketTypes.ts'
import { accept, postpone, type RiskContext, type Verdict } from './riskTypes.ts'

/** How long an intent waits when the in-flight budget is full: about one fill (10-60 s, P-7.4). */
export const IN_FLIGHT_RETRY_MS = 30_000

/**
 * Postpones an intent while the value created but not yet filled (or refunded), plus this one,
 * would exceed `maxInFlightUsd`: the global limit over all routes, and the route's own limit on
 * its route; reaching a limit exactly passes (safety P-4.2). Capital frees up as orders fill, so
 * this waits {@link IN_FLIGHT_RETRY_MS} rather than dropping the intent.
 * Reason: `inFlightBudgetFull`.
 */
export function checkInFlight(intent: Intent, context: RiskContext): Verdict {
  const afterUsd = context.inFlightUsd + intent.notionalUsd
  const maxUsd = context.globalLimits.maxInFlightUsd
  if (afterUsd > maxUsd) {
    return postpone(
      'inFlightBudgetFull',
      IN_FLIGHT_RETRY_MS,
      `in flight would be ${afterUsd.toFixed(2)} USD, above maxInFlightUsd ${maxUsd} USD`,
    )
  }
  const routeAfterUsd = context.routeInFlightUsd + intent.notionalUsd
  const routeMaxUsd = context.limits.maxInFlightUsd
  if (routeAfterUsd > routeMaxUsd) {
    return postpone(
      'inFlightBudgetFull',
      IN_FLIGHT_RETRY_MS,
      `in flight on route ${intent.route.routeId} would be ${routeAfterUsd.toFixed(2)} USD, above its maxInFlightUsd ${routeMaxUsd} USD`,
    )
  }
  return accept()
}
