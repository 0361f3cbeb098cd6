import type { AllowancePolicy } from './ensureAllowance.ts'

/**
 * Whether the order's create-tx with enableEstimate goes out together with the chain reads,
 * before they tell whether an approval is due, pure. Yes for native input (no allowance) and
 * under a `capped` or `unlimited` policy, whose allowance stands across orders; no under `exact`
 * (the default), where each order spends its approval in full, so the next one almost always
 * approves first and the early estimate would fail (the service refuses it without the
 * allowance, docs/service.md §7 rule 2) and only spend a request of the rate budget.
 */
export function quotesAhead(isNative: boolean, policy: AllowancePolicy | undefined): boolean {
  return isNative || (policy !== undefined && policy.kind !== 'exact')
}
