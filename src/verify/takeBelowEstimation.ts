import { VerificationError } from '../common/VerificationError.ts'

/**
 * The order of a create-tx answer must take at least what the same answer's
 * `estimation.dstChainTokenOut.amount` says it will: the real service gives the two equal (its
 * published example has `dstChainTokenOut.amount` = the order's `takeAmount`, docs/dln.md §1.3).
 * An order that takes less contradicts its own answer: an integrity failure (refused, alerted,
 * counted toward the kill switch), not a price that moved between two answers, which stays
 * economics (QuoteMovedError). Pure. Returns the refusal, or undefined when the order keeps its
 * word or no estimation is known.
 * @param takeAmount the order's takeAmount, output base units
 * @param estimatedTakeAmount `estimation.dstChainTokenOut.amount` of the same answer
 */
export function takeBelowEstimation(
  takeAmount: bigint,
  estimatedTakeAmount: bigint | undefined,
): VerificationError | undefined {
  if (estimatedTakeAmount === undefined || takeAmount >= estimatedTakeAmount) return undefined
  return new VerificationError(
    'order.takeAmount',
    `>= estimation.dstChainTokenOut.amount ${estimatedTakeAmount}`,
    takeAmount,
    'takes less than the same answer’s own estimation',
  )
}
