import type { Hex } from 'viem'

/** One signed Solana transaction, recorded before its first byte leaves the process (P-2.1). */
export type SolanaSendRecord = {
  /** base58 of the fee payer's signature: the transaction id. */
  signature: string
  /** base64 of the signed bytes: rebroadcasting them is idempotent (same signature, P-2.16). */
  rawTx: string
  blockhash: string
  /** The block height after which this signature can no longer land. */
  lastValidBlockHeight: number
  /** The verified orderId the transaction creates. */
  orderId: Hex
  /** 0 for the first signature of the intent, 1.. for each re-sign after an expiry. */
  attempt: number
  /** Every signature signed for this intent so far, this one included. */
  signaturesOfIntent: string[]
}

/**
 * The write-ahead journal the Solana executor is given (safety P-2.1, P-2.16).
 * `beforeBroadcast` must make the record durable before it resolves: no byte is sent until it
 * has, and a rejection aborts the send. The other hooks are best effort.
 */
export type SolanaSendJournal = {
  beforeBroadcast(record: SolanaSendRecord): Promise<void>
  /** The signature landed and reached the configured commitment. */
  onConfirmed?(record: SolanaSendRecord, landed: { slot: number }): void | Promise<void>
  /**
   * The block height passed `lastValidBlockHeight` and the signature never landed: it never can,
   * so the intent may be signed again (only now, P-2.16).
   */
  onExpired?(record: SolanaSendRecord, blockHeight: number): void | Promise<void>
}

/** An in-memory journal: for tests and dry runs only (it does not survive a crash). */
export type MemorySolanaSendJournal = SolanaSendJournal & {
  records: SolanaSendRecord[]
  confirmed: string[]
  expired: { signature: string; blockHeight: number }[]
}

/**
 * Creates a {@link MemorySolanaSendJournal}; `onRecord` runs after each record is kept (tests use
 * it to act exactly when a signature is about to be sent).
 */
export function createMemorySolanaSendJournal(
  onRecord?: (record: SolanaSendRecord) => void | Promise<void>,
): MemorySolanaSendJournal {
  const journal: MemorySolanaSendJournal = {
    records: [],
    confirmed: [],
    expired: [],
    async beforeBroadcast(record) {
      journal.records.push(record)
      await onRecord?.(record)
    },
    onConfirmed(record) {
      journal.confirmed.push(record.signature)
    },
    onExpired(record, blockHeight) {
      journal.expired.push({ signature: record.signature, blockHeight })
    },
  }
  return journal
}
