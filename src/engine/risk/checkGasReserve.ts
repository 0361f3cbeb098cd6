import type { Intent } from '../../common/strategy/marketTypes.ts'
import { accept, type RiskContext, reject, type Verdict } from './riskTypes.ts'

/**
 * Rejects an intent that would leave the account that pays the source chain's gas under its
 * configured gas reserve (`risk.gasReserve[chainId]`, native base units). Keeping the reserve pays
 * for cancels and fee bumps of orders already out (safety P-4.3). Ending exactly on it passes.
 * - The wallet pays its own gas (a plain key): its native balance, after the quote's native cost
 *   (fixFee + tx fee) and, when the input is the native token, amountIn.
 * - Another account pays it (the native balance's `gasPayer`: a Safe account's key): the key's
 *   native balance after the tx fee (`quote.nativeGasCost`, all of nativeCost when unknown) is
 *   held against the reserve, and the wallet (the Safe) must still hold the value it sends, the
 *   fixFee and a native amountIn (docs/safety.md "Treasury accounts").
 * Reason: `gasReserveBreached`.
 */
export function checkGasReserve(intent: Intent, context: RiskContext): Verdict {
  const route = intent.route
  const chainId = route.kind === 'crossChain' ? route.srcChainId : route.chainId
  const tokenIn = route.kind === 'crossChain' ? route.srcToken : route.tokenIn
  const reserve = context.limits.gasReserve[String(chainId)] ?? 0n
  const native = context.snapshot.balances.find((b) => b.chainId === chainId && b.isNative)
  const { nativeCost } = intent.quote
  if (native === undefined) {
    if (reserve === 0n && nativeCost === 0n) return accept()
    return reject('gasReserveBreached', `no native balance of chain ${chainId} in the snapshot`)
  }
  const give = native.token.toLowerCase() === tokenIn.toLowerCase() ? intent.amountIn : 0n
  const payer = native.gasPayer
  if (payer === undefined) {
    const after = native.amount - nativeCost - give
    if (after >= reserve) return accept()
    return reject(
      'gasReserveBreached',
      `native balance on chain ${chainId} would be ${after} base units, under its gas reserve ${reserve}`,
    )
  }
  const gas = intent.quote.nativeGasCost ?? nativeCost
  const keyAfter = payer.amount - gas
  if (keyAfter < reserve) {
    return reject(
      'gasReserveBreached',
      `native balance of ${payer.address}, which pays the gas on chain ${chainId}, would be ${keyAfter} base units, under its gas reserve ${reserve}`,
    )
  }
  const sent = nativeCost > gas ? nativeCost - gas : 0n
  const walletAfter = native.amount - sent - give
  if (walletAfter >= 0n) return accept()
  return reject(
    'gasReserveBreached',
    `native balance of ${native.owner} on chain ${chainId} is ${native.amount} base units, short of the ${sent + give} it would send (fixed fee and native input)`,
  )
}
