import type { Intent } from '../../common/strategy/marketTypes.ts'
import { accept, type RiskContext, reject, type Verdict } from './riskTypes.ts'

/**
 * Rejects an intent whose notional (USD value of amountIn at quote time) is above the route's
 * `maxNotionalUsdPerOrder`; equal passes (safety P-4.2). Reason: `notionalPerOrderExceeded`.
 */
export function checkMaxNotionalPerOrder(intent: Intent, context: RiskContext): Verdict {
  const maxUsd = context.limits.maxNotionalUsdPerOrder
  if (!Number.isFinite(intent.notionalUsd)) {
    return reject('missingPrice', 'the intent has no USD notional; cannot hold it to the caps')
  }
  if (intent.notionalUsd <= maxUsd) return accept()
  return reject(
    'notionalPerOrderExceeded',
    `notional ${intent.notionalUsd.toFixed(2)} USD is above maxNotionalUsdPerOrder ${maxUsd} USD`,
  )
}
