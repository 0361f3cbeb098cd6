import { hexToBytes } from 'viem'
import { encodeBase58 } from '../chains/base58.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import { VerificationError } from '../common/VerificationError.ts'

/**
 * An order into Solana may be cancelled only by its destination authority, which must be our key
 * (docs/safety.md P-7.1). Pure.
 * @param ourKey our Solana key, base58.
 * @throws VerificationError `order.orderAuthorityAddressDst` when it is another key.
 */
export function checkSolanaDstAuthority(
  order: Pick<DlnOrder, 'orderAuthorityAddressDst'>,
  ourKey: string,
): void {
  const authority = encodeBase58(hexToBytes(order.orderAuthorityAddressDst))
  if (authority !== ourKey) {
    throw new VerificationError(
      'order.orderAuthorityAddressDst',
      ourKey,
      authority,
      'is not our Solana key',
    )
  }
}
