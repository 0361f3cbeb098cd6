import type { SignedAttemptParams } from '../sqlite/createSendRecords.ts'
import type { Journal } from '../sqlite/openJournal.ts'
import type { AttemptRecord } from './journalTypes.ts'

/** Members of the SQLite {@link Journal} about its file and process, not about the records. */
type SqliteOnlyMembers = 'path' | 'schemaVersion' | 'pragmas' | 'acquireSenderLock' | 'close'

/** Every method of `T`, returning a Promise of what it returned. */
export type AsyncMethods<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : never
}

/**
 * The claim a caller makes on a wallet's lease when it writes ahead on a shared journal: the
 * holder id and the fencing token `acquireWalletLease` handed out (docs/architecture.md §5).
 */
export type WalletLeaseClaim = { holder: string; token: number }

/** Input of {@link JournalStore.recordSignedAttempt}: SQLite's, plus the lease on PostgreSQL. */
export type StoreSignedAttemptParams = Omit<SignedAttemptParams, 'guard'> & {
  /**
   * {@link SignedAttemptParams.guard}, which may also be async. A synchronous guard runs inside
   * the insert's transaction on both backends; an async one is awaited before the insert on
   * SQLite (toJournalStore) and inside its transaction on PostgreSQL (docs/architecture.md §5).
   */
  guard?: () => void | Promise<void>
  /**
   * Required on PostgreSQL, refused on SQLite (whose single writer is the process holding the
   * sender lock): the insert happens only if this claim still holds the wallet's lease, checked
   * in the same statement by the database's clock.
   */
  lease?: WalletLeaseClaim
}

/**
 * The journal behind a Promise, whatever stores it: the embedded SQLite file (`toJournalStore`)
 * or a PostgreSQL shared by several ferry processes (`openPgJournal`). Method for method the
 * {@link Journal}'s, with the same semantics (write-ahead commit before return, monotonic states,
 * idempotent writes), derived from its types so the two cannot drift.
 */
export type JournalStore = Omit<
  AsyncMethods<Omit<Journal, SqliteOnlyMembers>>,
  'recordSignedAttempt' | 'withinBatch'
> & {
  /** Which database holds the records. */
  readonly backend: 'sqlite' | 'postgres'
  /**
   * Write-ahead (P-2.1), as {@link Journal.recordSignedAttempt}: when the Promise resolves the
   * attempt is committed; if it rejects, nothing may be sent. On PostgreSQL it also requires
   * `lease` and rejects with `LeaseLostError`, inserting nothing, when the claim no longer holds.
   */
  recordSignedAttempt(params: StoreSignedAttemptParams): Promise<AttemptRecord>
  /**
   * Runs `work` with the journal's writes grouped into one transaction, committed once when the
   * outermost scope ends, whether `work` resolves or throws (docs/operations.md §8.1): SQLite's
   * {@link Journal.withinBatch}; on PostgreSQL one transaction on one pooled connection, which
   * every call of the journal goes through while it is open. The write-ahead insert commits the
   * group before its own row, so nothing reaches an RPC before it and the rows before it are
   * durable. The grouped rows are invisible to other connections until then; the hold bound
   * (250 ms by default) commits them sooner.
   */
  withinBatch<T>(work: () => Promise<T>): Promise<T>
  /** Releases what the store holds (the file, or the connection pool). Idempotent. */
  close(): Promise<void>
}
