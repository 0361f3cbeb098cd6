import type { JournalStore } from './JournalStore.ts'
import type { HexText } from './journalTypes.ts'

/** Chain id of Solana in the service (docs/dln.md §5). */
export const SOLANA_CHAIN_ID = 7565164

/**
 * The record the Solana executor journals before broadcast. Declared here, structurally identical
 * to `SolanaSendRecord` of src/chains/solana/solanaSendJournal.ts (src/store imports only
 * src/common); a type test holds the two together.
 */
export type SolanaSendRecordShape = {
  signature: string
  /** base64 of the signed bytes. */
  rawTx: string
  blockhash: string
  lastValidBlockHeight: number
  orderId: HexText
  attempt: number
  signaturesOfIntent: string[]
}

/** A journal-backed implementation of the Solana executor's `SolanaSendJournal`. */
export type StoreSolanaSendJournal = {
  beforeBroadcast(record: SolanaSendRecordShape): Promise<void>
  onConfirmed(record: SolanaSendRecordShape, landed: { slot: number }): Promise<void>
  onExpired(record: SolanaSendRecordShape, blockHeight: number): Promise<void>
}

/** What the Solana records do not say and the journal needs: whose intent, which wallet. */
export type SolanaSendJournalContext = {
  intentId: string
  /** base58 fee payer. */
  from: string
  /** Default {@link SOLANA_CHAIN_ID}. */
  chainId?: number
  /** The intent's pre-sign guard, run by the write-ahead insert (SignedAttemptParams). */
  guard?: () => void | Promise<void>
  /** What the transaction does: an order (default) or its cancel on Solana, its destination. */
  kind?: 'order' | 'cancel'
}

/**
 * Adapts the journal to the Solana executor's write-ahead interface (P-2.1, P-2.16): the signed
 * bytes (stored as hex), signature, blockhash and `lastValidBlockHeight` are committed before
 * `beforeBroadcast` resolves. A landed signature becomes `confirmed` with its slot; an expired
 * one `dropped` — it can never land, which is what lets the intent be signed again.
 */
export function createSolanaSendJournal(
  journal: Pick<JournalStore, 'recordSignedAttempt' | 'setAttemptState'>,
  context: SolanaSendJournalContext,
): StoreSolanaSendJournal {
  return {
    async beforeBroadcast(record) {
      await journal.recordSignedAttempt({
        intentId: context.intentId,
        // Only the first signature is guarded, as on EVM (createEvmSendJournal).
        ...(context.guard === undefined || record.attempt > 0 ? {} : { guard: context.guard }),
        chainId: context.chainId ?? SOLANA_CHAIN_ID,
        family: 'solana',
        kind: context.kind ?? 'order',
        from: context.from,
        attempt: record.attempt,
        rawTx: `0x${Buffer.from(record.rawTx, 'base64').toString('hex')}`,
        hash: record.signature,
        orderId: record.orderId,
        blockhash: record.blockhash,
        lastValidBlockHeight: record.lastValidBlockHeight,
      })
    },
    async onConfirmed(record, landed) {
      await journal.setAttemptState(record.signature, 'confirmed', { includedAt: landed.slot })
    },
    async onExpired(record, blockHeight) {
      await journal.setAttemptState(record.signature, 'dropped', {
        error: `blockhash expired at block height ${blockHeight}`,
      })
    },
  }
}
