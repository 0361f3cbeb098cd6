import type { JournalStore } from './JournalStore.ts'
import type { HexText } from './journalTypes.ts'

/**
 * The record the EVM sender journals before broadcast. Declared here, structurally identical to
 * `EvmSendRecord` of src/chains/evm/sendJournal.ts, because src/store may import only src/common;
 * a type test holds the two together.
 */
export type EvmSendRecordShape = {
  chainId: number
  from: HexText
  nonce: number
  hash: HexText
  rawTx: HexText
  kind: 'approve' | 'revoke' | 'order' | 'swap' | 'cancel' | 'patch' | 'fence'
  attempt: number
  hashesOfNonce: HexText[]
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  intentId?: string
  orderId?: HexText
  safeTx?: { safe: HexText; safeTxHash: HexText; safeNonce: bigint }
}

/** What the EVM sender reports after each broadcast (`EvmBroadcastOutcome` and its record). */
export type EvmBroadcastShape = {
  hash: HexText
  outcome: 'accepted' | 'unknown' | 'rejected'
  error?: string
  record: EvmSendRecordShape
}

/** A journal-backed implementation of the EVM sender's `EvmSendJournal`. */
export type StoreEvmSendJournal = {
  beforeBroadcast(record: EvmSendRecordShape): Promise<void>
  openNonces(chainId: number, from: HexText): Promise<OpenNonceShape[]>
  afterBroadcast(outcome: EvmBroadcastShape): Promise<void>
  afterInclusion(inclusion: EvmInclusionShape): Promise<void>
  beforePermit(record: EvmPermitShape): Promise<void>
}

/** An EIP-2612 permit about to be signed (`EvmPermitRecord` of the EVM sender). */
export type EvmPermitShape = {
  chainId: number
  owner: HexText
  token: HexText
  spender: HexText
  value: bigint
  nonce: bigint
  deadline: bigint
  intentId?: string
}

/** The approvals row key of a permit: one per (chain, token, owner, nonce), so a retry is idempotent. */
export function permitJournalKey(
  p: Pick<EvmPermitShape, 'chainId' | 'token' | 'owner' | 'nonce'>,
): string {
  return `permit:${p.chainId}:${p.token.toLowerCase()}:${p.owner.toLowerCase()}:${p.nonce}`
}

/** A journaled nonce of a sender whose signature may still land, with its highest fees. */
export type OpenNonceShape = { nonce: number; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }

/** What the EVM sender reports when a signature of a nonce is mined at its depth. */
export type EvmInclusionShape = {
  hash: HexText
  status: 'success' | 'reverted'
  blockNumber: bigint
  hashesOfNonce: HexText[]
}

/**
 * Adapts the journal to the EVM sender's write-ahead interface (P-2.1). `beforeBroadcast` resolves
 * only after the attempt is committed with `synchronous=FULL`; if the write fails it rejects, and
 * the sender sends nothing. `intentId` fills in records that carry none.
 *
 * Every broadcast outcome, `rejected` included, leaves the attempt `broadcast` with the node's
 * text: "nonce too low" or "already known" can mean our own bytes landed (P-2.7, P-2.11), so
 * only chain evidence, found by reconciliation, may make an attempt final.
 */
export function createEvmSendJournal(
  journal: Pick<
    JournalStore,
    'recordSignedAttempt' | 'setAttemptState' | 'openAttemptsOf' | 'recordApproval'
  >,
  options: {
    intentId?: string
    /** The pre-sign guard of an intent, run by the write-ahead insert of its records. */
    guardOf?: (intentId: string) => (() => void | Promise<void>) | undefined
  } = {},
): StoreEvmSendJournal {
  return {
    async openNonces(chainId, from) {
      const byNonce = new Map<number, OpenNonceShape>()
      for (const a of await journal.openAttemptsOf(chainId, from)) {
        if (a.nonce === undefined) continue
        const seen = byNonce.get(a.nonce)
        const maxFeePerGas = a.maxFeePerGas ?? 0n
        const maxPriorityFeePerGas = a.maxPriorityFeePerGas ?? 0n
        byNonce.set(a.nonce, {
          nonce: a.nonce,
          maxFeePerGas: seen && seen.maxFeePerGas > maxFeePerGas ? seen.maxFeePerGas : maxFeePerGas,
          maxPriorityFeePerGas:
            seen && seen.maxPriorityFeePerGas > maxPriorityFeePerGas
              ? seen.maxPriorityFeePerGas
              : maxPriorityFeePerGas,
        })
      }
      return [...byNonce.values()]
    },
    async beforeBroadcast(record) {
      const intentId = record.intentId ?? options.intentId
      // Only a first signature is guarded: a fee bump replaces bytes that may land anyway, so
      // refusing it could only leave the intent ended while its first signature is mined.
      const guard =
        intentId === undefined || record.attempt > 0 ? undefined : options.guardOf?.(intentId)
      await journal.recordSignedAttempt({
        ...(intentId === undefined ? {} : { intentId }),
        ...(guard === undefined ? {} : { guard }),
        ...(record.orderId === undefined ? {} : { orderId: record.orderId }),
        ...(record.safeTx === undefined ? {} : { safeTx: record.safeTx }),
        chainId: record.chainId,
        family: 'evm',
        kind: record.kind,
        from: record.from,
        nonce: record.nonce,
        attempt: record.attempt,
        rawTx: record.rawTx,
        hash: record.hash,
        maxFeePerGas: record.maxFeePerGas,
        maxPriorityFeePerGas: record.maxPriorityFeePerGas,
      })
    },
    // A permit is an allowance by signature: journaled in approvals, keyed by its token nonce,
    // committed before the signer sees it (docs/safety.md §10).
    async beforePermit(record) {
      const intentId = record.intentId ?? options.intentId
      await journal.recordApproval({
        ...(intentId === undefined ? {} : { intentId }),
        chainId: record.chainId,
        owner: record.owner,
        token: record.token,
        spender: record.spender,
        amount: record.value,
        txHash: permitJournalKey(record),
        state: 'signed',
      })
    },
    // Chain evidence at depth: the mined signature is final, and so is every other one of its
    // nonce, which can no longer land (P-2.10).
    async afterInclusion(inclusion) {
      await journal.setAttemptState(
        inclusion.hash,
        inclusion.status === 'success' ? 'confirmed' : 'failed',
        {
          includedAt: Number(inclusion.blockNumber),
        },
      )
      for (const other of inclusion.hashesOfNonce) {
        if (other.toLowerCase() === inclusion.hash.toLowerCase()) continue
        await journal.setAttemptState(other, 'dropped', {
          error: `${inclusion.hash} was mined instead`,
        })
      }
    },
    async afterBroadcast(outcome) {
      await journal.setAttemptState(
        outcome.hash,
        'broadcast',
        outcome.error === undefined ? {} : { error: outcome.error },
      )
    },
  }
}
