import type { Intent } from '../../common/strategy/marketTypes.ts'
import { accept, type RiskContext, reject, type Verdict } from './riskTypes.ts'

/**
 * Rejects an intent whose quote reports a price impact above `maxPriceImpactBps`; equal passes.
 * A quote without a numeric impact passes: the service omits it on some routes, and maxCostBps
 * still bounds the total loss. Reason: `priceImpactTooHigh`.
 */
export function checkMaxPriceImpact(intent: Intent, context: RiskContext): Verdict {
  const impactBps = intent.quote.priceImpactBps
  const maxBps = context.limits.maxPriceImpactBps
  if (impactBps === undefined || impactBps <= maxBps) return accept()
  return reject(
    'priceImpactTooHigh',
    `price impact ${impactBps.toFixed(1)} bps is above maxPriceImpactBps ${maxBps}`,
  )
}
