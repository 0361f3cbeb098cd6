/**
 * Order states as the journal keeps them (the service's strings, docs/dln.md §3.1, plus ferry's
 * `Failed`). Declared here, structurally identical to `OrderState` of src/store/contract/journalTypes.ts,
 * because src/chains may import only src/common; the store's journal is passed where a
 * {@link CancelJournal} is expected, so the compiler holds the two together.
 */
export type CancelOrderState =
  | 'None'
  | 'Created'
  | 'Fulfilled'
  | 'SentUnlock'
  | 'ClaimedUnlock'
  | 'OrderCancelled'
  | 'SentOrderCancel'
  | 'ClaimedOrderCancel'
  | 'Failed'

/** The journaled order a cancel starts from (the store's `OrderRecord`, in part). */
export type CancelOrderRecord = {
  orderId: string
  intentId: string
  srcChainId: number
  dstChainId: number
  state: CancelOrderState
  /** The transaction that created the order, when the engine journaled it. */
  createTxHash: string | undefined
}

/** A journaled signed transaction (the store's `AttemptRecord`, in part). */
export type CancelAttemptRecord = {
  hash: string
  kind: string
  family: 'evm' | 'solana'
  orderId: string | undefined
  state: string
  /** The signed bytes, 0x-hex (a Solana cancel is resumed from them). */
  rawTx?: string
  /** Solana: the block height after which the signature can no longer land. */
  lastValidBlockHeight?: number | undefined
}

/**
 * What a cancel reads from and writes to the journal (src/store's `JournalStore` satisfies it): the
 * order and its intent's attempts, and chain evidence as it is seen (order states, attempt
 * outcomes; the intent's own end is src/execute's to write). Every write is monotonic and idempotent there.
 */
export type CancelJournal = {
  getOrder(orderId: string): Promise<CancelOrderRecord | undefined>
  attemptsOf(intentId: string): Promise<CancelAttemptRecord[]>
  setOrderState(orderId: string, state: CancelOrderState, txHash?: string): Promise<unknown>
  setAttemptState(
    hash: string,
    state: 'confirmed' | 'failed' | 'dropped',
    evidence?: { includedAt?: number },
  ): Promise<unknown>
}
