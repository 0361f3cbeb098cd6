import type { Address, Hex } from 'viem'

/**
 * What a signed transaction is for; approvals and orders are separate entries (safety P-1.13).
 * `cancel` is DlnDestination.sendEvmOrderCancel on the destination chain (P-7.4); `fence` is the
 * 0-value self-transfer that fills a nonce gap (P-2.8); `patch` is DlnDestination.patchOrderTake
 * on the destination chain (P-7.12).
 */
export type EvmSendKind = 'approve' | 'revoke' | 'order' | 'swap' | 'cancel' | 'patch' | 'fence'

/**
 * An EIP-2612 permit about to be signed, journaled first like a transaction (docs/safety.md §10):
 * its token nonce, spender, exact value and deadline (unix seconds).
 */
export type EvmPermitRecord = {
  chainId: number
  owner: Address
  token: Address
  spender: Address
  value: bigint
  nonce: bigint
  deadline: bigint
  intentId?: string
}

/** A journaled nonce whose signature may still land, with the highest fees signed for it. */
export type OpenNonce = { nonce: number; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }

/** One signed transaction, recorded before its first byte leaves the process (safety P-2.1). */
export type EvmSendRecord = {
  /** EIP-155 chain id. */
  chainId: number
  from: Address
  nonce: number
  /** keccak256 of `rawTx`, computed locally. */
  hash: Hex
  /** The signed bytes: rebroadcasting them is idempotent (same hash). */
  rawTx: Hex
  kind: EvmSendKind
  /** 0 for the first signature of a nonce, 1.. for each fee-bumped replacement (P-2.9). */
  attempt: number
  /** Every hash signed for this nonce so far, this one included (P-2.10). */
  hashesOfNonce: Hex[]
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  /** The caller's idempotency key, when it has one. */
  intentId?: string
  /** The verified orderId the transaction creates (orders), cancels (cancels) or patches. */
  orderId?: Hex
  /** The Safe transaction the bytes execute, for a Safe account (docs/safety.md "Treasury accounts"). */
  safeTx?: { safe: Address; safeTxHash: Hex; safeNonce: bigint }
}

/**
 * How the broadcast of one record went, as far as the process can tell: `accepted` (the node
 * returned our hash or said it already knows it), `unknown` (timeout, lost response; resolved by
 * hash lookup only, P-2.3), or `rejected` (the node refused it deterministically).
 */
export type EvmBroadcastOutcome = {
  hash: Hex
  outcome: 'accepted' | 'unknown' | 'rejected'
  /** The node's error text, when there was one (never holds secrets: it is about the tx). */
  error?: string
}

/**
 * The write-ahead journal the executor is given (safety P-2.1, P-2.2). `beforeBroadcast` must
 * make the record durable (the engine's store commits it with fsync) before it resolves: the
 * sender does not send a byte until it has. A rejection from it aborts the send, so nothing
 * unjournaled ever reaches an RPC.
 */
export type EvmSendJournal = {
  beforeBroadcast(record: EvmSendRecord): Promise<void>
  /**
   * The sender's journaled nonces that may still land (signed or broadcast): the nonce manager
   * reads them with the chain's counts to find gaps after a drop or a restart. Default: none.
   */
  openNonces?(chainId: number, from: Address): Promise<OpenNonce[]>
  /**
   * Makes a permit's record durable before it is signed (docs/safety.md §10); a rejection aborts
   * the signature. Default: none (in-memory journals of tests).
   */
  beforePermit?(record: EvmPermitRecord): Promise<void>
  /** Called after each broadcast attempt with what the node answered. Best effort. */
  afterBroadcast?(outcome: EvmBroadcastOutcome & { record: EvmSendRecord }): void | Promise<void>
  /**
   * Called once a signature of the nonce is mined at the confirmation depth: `hash` is the mined
   * one (`success` or `reverted`), every other hash of the nonce can no longer land. Best effort.
   */
  afterInclusion?(inclusion: {
    hash: Hex
    status: 'success' | 'reverted'
    blockNumber: bigint
    hashesOfNonce: Hex[]
  }): void | Promise<void>
}

/** An in-memory journal: for tests and dry runs only (it does not survive a crash). */
export type MemorySendJournal = EvmSendJournal & {
  records: EvmSendRecord[]
  outcomes: (EvmBroadcastOutcome & { record: EvmSendRecord })[]
}

/** Creates a {@link MemorySendJournal}. */
export function createMemorySendJournal(): MemorySendJournal {
  const records: EvmSendRecord[] = []
  const outcomes: (EvmBroadcastOutcome & { record: EvmSendRecord })[] = []
  return {
    records,
    outcomes,
    async beforeBroadcast(record) {
      records.push(record)
    },
    afterBroadcast(outcome) {
      outcomes.push(outcome)
    },
  }
}
