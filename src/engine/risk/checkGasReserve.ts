import type { Intent } from '../../common/strategy/marketTypes.ts'
import { accept, type RiskContext, reject, type Verdict } from './riskTypes.ts'

/**
 * Rejects an intent that would leave the source chain's native balance under its configured gas
 * reserve (`risk.gasReserve[chainId]`, native base units), after the quote's native cost (fixFee
 * + tx fee) and, when the input is the native token, amountIn. Keeping the reserve pays for cancels
 * and fee bumps of orders already out (safety P-4.3). Ending exactly on the reserve passes.
 * Reason: `gasReserveBreached`.
 */
export function checkGasReserve(intent: Intent, context: RiskContext): Verdict {
  const route = intent.route
  const chainId = route.kind === 'crossChain' ? route.srcChainId : route.chainId
  const tokenIn = route.kind === 'crossChain' ? route.srcToken : route.tokenIn
  const reserve = context.limits.gasReserve[String(chainId)] ?? 0n
  const native = context.snapshot.balances.find((b) => b.chainId === chainId && b.isNative)
  if (native === undefined) {
    if (reserve === 0n && intent.quote.nativeCost === 0n) return accept()
    return reject('gasReserveBreached', `no native balance of chain ${chainId} in the snapshot`)
  }
  const spendsNative = native.token.toLowerCase() === tokenIn.toLowerCase()
  const after = native.amount - intent.quote.nativeCost - (spendsNative ? intent.amountIn : 0n)
  if (after >= reserve) return accept()
  return reject(
    'gasReserveBreached',
    `native balance on chain ${chainId} would be ${after} base units, under its gas reserve ${reserve}`,
  )
}
