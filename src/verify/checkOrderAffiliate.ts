import { type Hex, size } from 'viem'
import { VerificationError } from '../common/VerificationError.ts'
import type { OrderIntent } from './orderIntent.ts'

/**
 * Checks an order's 52-byte affiliate field (20-byte beneficiary + 32-byte amount, docs/dln.md
 * §1.5) against the intent: none unless configured, else exactly its recipient and amount.
 * @throws VerificationError naming the field.
 */
export function checkOrderAffiliate(
  intent: OrderIntent,
  affiliateFee: Hex,
  toBytes: (a: string) => Hex,
): void {
  if (size(affiliateFee) === 0) {
    if (intent.affiliate)
      throw new VerificationError('tx.data._affiliateFee', 'the configured affiliate fee', '0x')
    return
  }
  if (!intent.affiliate)
    throw new VerificationError(
      'tx.data._affiliateFee',
      '0x (none configured)',
      affiliateFee,
      'was injected',
    )
  if (size(affiliateFee) !== 52)
    throw new VerificationError('tx.data._affiliateFee', '52 bytes', `${size(affiliateFee)} bytes`)
  const beneficiary = `0x${affiliateFee.slice(2, 42)}`
  const amount = BigInt(`0x${affiliateFee.slice(42)}`)
  if (beneficiary.toLowerCase() !== toBytes(intent.affiliate.recipient).toLowerCase()) {
    throw new VerificationError(
      'tx.data._affiliateFee.beneficiary',
      intent.affiliate.recipient,
      beneficiary,
    )
  }
  if (amount !== intent.affiliate.amount) {
    throw new VerificationError('tx.data._affiliateFee.amount', intent.affiliate.amount, amount)
  }
}
