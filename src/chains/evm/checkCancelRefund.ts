import type { Address, Hex } from 'viem'
import type { DlnOrder } from '../orderId/dlnOrder.ts'
import { CancelOrderError } from './CancelOrderError.ts'
import type { CancelClaim } from './waitForCancelClaim.ts'

/** P-7.5: the refund must be ours, in the give token, and at least the order's giveAmount. */
export function checkCancelRefund(
  orderId: Hex,
  claim: CancelClaim,
  beneficiary: Address,
  order: DlnOrder,
): void {
  const problems: string[] = []
  if (claim.beneficiary.toLowerCase() !== beneficiary.toLowerCase()) {
    problems.push(`beneficiary ${claim.beneficiary}, expected ${beneficiary}`)
  }
  if (claim.giveTokenAddress.toLowerCase() !== order.giveTokenAddress.toLowerCase()) {
    problems.push(`token ${claim.giveTokenAddress}, expected ${order.giveTokenAddress}`)
  }
  if (claim.paidAmount < order.giveAmount) {
    problems.push(`paid ${claim.paidAmount}, below the order's giveAmount ${order.giveAmount}`)
  }
  if (problems.length > 0) {
    throw new CancelOrderError('refundMismatch', orderId, 'the refund on the source is not ours', {
      fix: 'investigate the claim transaction; the journal keeps the order in SentOrderCancel',
      metaMessages: [`claim tx: ${claim.txHash}`, ...problems],
    })
  }
}
