import type { Address, Hex } from 'viem'
import { size } from 'viem'
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

/**
 * The permit envelope a verified order transaction carries must be the one ferry signed, byte
 * for byte, and the transaction's spender the permit's: otherwise the transaction does not
 * consume ferry's permit (it would stand, usable by anyone who submits it) or carries another.
 * Pure; throws a VerificationError.
 */
export function checkPermitInTx(
  signed: { envelope: Hex; spender: Address; value: bigint },
  tx: { envelope: Hex; spender: string; amountIn: bigint },
): void {
  if (size(tx.envelope) === 0) {
    throw new VerificationError(
      'tx.data._permitEnvelope',
      signed.envelope,
      '0x',
      'does not consume the signed permit',
    )
  }
  if (tx.envelope.toLowerCase() !== signed.envelope.toLowerCase()) {
    throw new VerificationError(
      'tx.data._permitEnvelope',
      signed.envelope,
      tx.envelope,
      'is not the permit ferry signed',
    )
  }
  if (tx.spender.toLowerCase() !== signed.spender.toLowerCase()) {
    throw new VerificationError('tx.to', signed.spender, tx.spender, 'is not the permit spender')
  }
  if (tx.amountIn !== signed.value) {
    throw new VerificationError(
      'tx.data.giveAmount',
      signed.value,
      tx.amountIn,
      'is not the permitted amount',
    )
  }
}
