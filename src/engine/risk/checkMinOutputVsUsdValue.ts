import type { Intent } from '../../common/strategy/marketTypes.ts'
import { accept, type RiskContext, reject, type Verdict } from './riskTypes.ts'

/**
 * Rejects an intent whose guaranteed output (`minAmountOut`, valued at the quote's output price)
 * is worth less than `minOutputVsUsdValueBps` of the input's USD value; equal passes. It bounds
 * the worst case where maxCostBps bounds the expected one (safety P-4.2).
 * Reason: `outputBelowUsdValue`, or `missingPrice` without USD values.
 */
export function checkMinOutputVsUsdValue(intent: Intent, context: RiskContext): Verdict {
  const { quote } = intent
  if (!(quote.amountInUsd > 0) || quote.amountOut <= 0n || !(quote.amountOutUsd >= 0)) {
    return reject('missingPrice', 'the quote has no USD values to compare the output with')
  }
  // Scale the expected output's USD value down to the guaranteed amount (same token, same price).
  const minOutUsd = quote.amountOutUsd * (Number(intent.minAmountOut) / Number(quote.amountOut))
  const ratioBps = (minOutUsd / quote.amountInUsd) * 10_000
  const floorBps = context.limits.minOutputVsUsdValueBps
  // USD values are floats: a 1e-6 bps tolerance keeps an exact hit on the floor from failing.
  if (ratioBps + 1e-6 >= floorBps) return accept()
  return reject(
    'outputBelowUsdValue',
    `guaranteed output is worth ${ratioBps.toFixed(1)} bps of the input, under minOutputVsUsdValueBps ${floorBps}`,
  )
}
