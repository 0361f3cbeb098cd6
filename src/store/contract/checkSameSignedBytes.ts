import { JournalError } from './JournalError.ts'

/**
 * Refuses a journaled hash that comes back with other signed bytes than the row holds (hex
 * compared case-insensitively): a hash names one transaction, so a repeat must be the same one.
 * @throws JournalError naming the hash and the intent.
 */
export function checkSameSignedBytes(
  journaledRawTx: string,
  params: { hash: string; rawTx: string; intentId?: string },
): void {
  if (journaledRawTx.toLowerCase() === params.rawTx.toLowerCase()) return
  throw new JournalError('a journaled hash came back with other signed bytes', {
    metaMessages: [`hash: ${params.hash}`, `intent: ${params.intentId ?? 'none'}`],
  })
}
