import type { Intent } from '../../common/strategy/marketTypes.ts'
import { accept, type RiskContext, reject, type Verdict } from './riskTypes.ts'

/**
 * Rejects an intent whose quote costs more than the route's `maxCostBps` of its input value, all
 * costs included (spread, protocol and taker fees, fixFee, gas: safety P-7.9); equal passes.
 * Reason: `costTooHigh`, or `missingPrice` when the cost could not be computed.
 */
export function checkMaxCostBps(intent: Intent, context: RiskContext): Verdict {
  const costBps = intent.quote.costBps
  const maxBps = context.limits.maxCostBps
  if (!Number.isFinite(costBps)) {
    return reject('missingPrice', 'the quote has no USD values, so its cost is unknown')
  }
  if (costBps <= maxBps) return accept()
  return reject('costTooHigh', `cost ${costBps.toFixed(1)} bps is above maxCostBps ${maxBps}`)
}
