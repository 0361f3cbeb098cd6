import type { Intent } from '../../common/strategy/marketTypes.ts'
import { checkCooldown } from './checkCooldown.ts'
import { checkDailyNotional } from './checkDailyNotional.ts'
import { checkGasReserve } from './checkGasReserve.ts'
import { checkInFlight } from './checkInFlight.ts'
import { checkKillSwitch } from './checkKillSwitch.ts'
import { checkMaxCostBps } from './checkMaxCostBps.ts'
import { checkMaxNotionalPerOrder } from './checkMaxNotionalPerOrder.ts'
import { checkMaxPriceImpact } from './checkMaxPriceImpact.ts'
import { checkMinOutputVsUsdValue } from './checkMinOutputVsUsdValue.ts'
import type { RiskCheck, RiskContext, Verdict } from './riskTypes.ts'

/**
 * The risk checks in the order they run. The kill switch first (it overrides everything), then
 * the route's cooldown (a wait, not a drop), then the caps on size and exposure, then the quote's
 * economics. The first non-accept verdict wins, so the reason recorded is the most fundamental.
 */
export const riskChecks: readonly { name: string; check: RiskCheck }[] = [
  { name: 'killSwitch', check: checkKillSwitch },
  { name: 'cooldown', check: checkCooldown },
  { name: 'maxNotionalPerOrder', check: checkMaxNotionalPerOrder },
  { name: 'dailyNotional', check: checkDailyNotional },
  { name: 'inFlight', check: checkInFlight },
  { name: 'gasReserve', check: checkGasReserve },
  { name: 'maxCostBps', check: checkMaxCostBps },
  { name: 'minOutputVsUsdValue', check: checkMinOutputVsUsdValue },
  { name: 'maxPriceImpact', check: checkMaxPriceImpact },
]

/** The verdict of the risk checks on one intent, with the check that gave it. */
export type RunRiskChecksResult = Verdict & { check: string | undefined }

/**
 * Runs {@link riskChecks} in order and returns the first reject or postpone, tagged with the
 * check's name; accept (check undefined) when all pass. Pure: the engine calls it on each intent
 * from `decide`, and again just before signing with the decoded calldata's figures (P-4.2).
 */
export function runRiskChecks(intent: Intent, context: RiskContext): RunRiskChecksResult {
  for (const { name, check } of riskChecks) {
    const verdict = check(intent, context)
    if (verdict.kind !== 'accept') return { ...verdict, check: name }
  }
  return { kind: 'accept', check: undefined }
}
