import type { Address, Hex } from 'viem'
import type { OrderTxResponse } from '../../api/schemas/orderQuote.ts'
import { VerificationError } from '../../common/VerificationError.ts'
import type { VerifiedEvmOrder } from '../../verify/verifyEvmOrderTx.ts'

/** The order transaction ferry signs: the verified bytes and value, the service's gas limit. */
export type OrderTx = { to: Address; data: Hex; value: bigint; gasLimit: bigint }

/**
 * The transaction of a verified create-tx answer, with its gas limit checked: present (the
 * request set enableEstimate) and at most the chain's cap (gas units). Throws a
 * VerificationError otherwise; nothing is signed.
 */
export function boundedOrderTx(
  answer: OrderTxResponse,
  verified: VerifiedEvmOrder,
  gasLimitCap: bigint,
): OrderTx {
  const tx = {
    to: answer.tx.to as Address,
    data: answer.tx.data as Hex,
    value: verified.valueWei,
    gasLimit: BigInt(answer.tx.gasLimit ?? 0),
  }
  if (tx.gasLimit === 0n) {
    throw new VerificationError('tx.gasLimit', 'a gas limit (enableEstimate)', 'none')
  }
  if (tx.gasLimit > gasLimitCap) {
    throw new VerificationError(
      'tx.gasLimit',
      `<= ${gasLimitCap}`,
      tx.gasLimit,
      'is above the chain cap',
    )
  }
  return tx
}
