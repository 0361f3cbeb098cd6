import type { OrderPermit } from '../chains/evm/permitEnvelope.ts'
import { VerificationError } from '../common/VerificationError.ts'

/** Longest a permit ferry signs may stay valid, in seconds (docs/safety.md §10, permits). */
export const MAX_PERMIT_TTL_S = 600

/**
 * The checks a permit must pass before ferry signs it (docs/safety.md, permits): the spender is
 * the verified transaction's target, the value is exactly the order's input, the deadline is at
 * most {@link MAX_PERMIT_TTL_S} ahead of `nowS`. Pure; throws a VerificationError naming the
 * field (an integrity failure: the plan came from a verified transaction).
 */
export function checkPermitPlan(
  permit: OrderPermit,
  plan: { spender: string; amountIn: bigint; nowS: bigint },
): void {
  if (permit.spender.toLowerCase() !== plan.spender.toLowerCase()) {
    throw new VerificationError(
      'permit.spender',
      plan.spender,
      permit.spender,
      'is not the verified spender',
    )
  }
  if (permit.value !== plan.amountIn) {
    throw new VerificationError(
      'permit.value',
      plan.amountIn,
      permit.value,
      'is not exactly the order input',
    )
  }
  if (permit.deadline > plan.nowS + BigInt(MAX_PERMIT_TTL_S) || permit.deadline <= plan.nowS) {
    throw new VerificationError(
      'permit.deadline',
      `within ${MAX_PERMIT_TTL_S} s of ${plan.nowS}`,
      permit.deadline,
      'is not a deadline of minutes',
    )
  }
}
