import type { FailedTransactionMetadata } from 'litesvm'

/** The error text of a failed litesvm transaction: its last failing log line, else the error's class. */
export function describeError(result: FailedTransactionMetadata): string {
  const err = result.err()
  const logs = result.meta().logs()
  const last = logs.filter((l) => l.includes('failed') || l.includes('Error')).at(-1)
  return (
    last ??
    // litesvm's errors are classes without fields (e.g. TransactionErrorInsufficientFundsForRent).
    `transaction failed (${typeof err === 'object' && err ? err.constructor.name : String(err)})`
  )
}
