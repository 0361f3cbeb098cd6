import type { Intent } from '../../common/strategy/marketTypes.ts'
import { accept, type RiskContext, reject, type Verdict } from './riskTypes.ts'

/**
 * Rejects every new intent while the kill switch is engaged (`risk.killSwitchFile` exists).
 * Tracking, reconciliation and cancels go on; only new business sends stop (safety P-4.4).
 * Reason: `killSwitchEngaged`.
 */
export function checkKillSwitch(_intent: Intent, context: RiskContext): Verdict {
  if (!context.killSwitchEngaged) return accept()
  return reject('killSwitchEngaged', 'the kill switch is on; remove the kill-switch file to resume')
}
