import { FerryError } from '../../common/FerryError.ts'

/**
 * Why ferry would not or could not cancel an order:
 * - `unknownOrder`: the orderId is not in the journal;
 * - `unsupported`: a non-EVM source chain, or a destination neither EVM nor Solana;
 * - `notCancellable`: the order's journaled or on-chain state is past `Created` on the fill path
 *   (filled, unlocked, failed), so there is nothing to refund;
 * - `inFlight`: a cancel transaction of this order is journaled and not yet mined;
 * - `noCreateTx`: the create transaction cannot be found, so the order struct cannot be read;
 * - `reverted`: the cancel transaction was mined and reverted;
 * - `refundNotSeen`: the cancel went out but ClaimedOrderCancel did not appear on the source
 *   chain within the wait (funds are in transit, P-7.5; run the command again to keep following);
 * - `refundMismatch`: the claim paid another beneficiary or token, or less than the order's give.
 */
export type CancelOrderProblem =
  | 'unknownOrder'
  | 'unsupported'
  | 'notCancellable'
  | 'inFlight'
  | 'noCreateTx'
  | 'reverted'
  | 'refundNotSeen'
  | 'refundMismatch'

/** A cancel ferry refused or could not finish. The message names the order and the fix. */
export class CancelOrderError extends FerryError {
  override name = 'CancelOrderError'
  readonly problem: CancelOrderProblem
  readonly orderId: string

  constructor(
    problem: CancelOrderProblem,
    orderId: string,
    message: string,
    info: { fix?: string; metaMessages?: string[]; details?: string } = {},
  ) {
    super(`cannot cancel order ${orderId}: ${message}`, {
      metaMessages: [...(info.fix ? [`fix: ${info.fix}`] : []), ...(info.metaMessages ?? [])],
      details: info.details,
    })
    this.problem = problem
    this.orderId = orderId
  }
}
