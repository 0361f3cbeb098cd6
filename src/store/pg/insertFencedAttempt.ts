import { type Kysely, sql } from 'kysely'
import type { StoreSignedAttemptParams, WalletLeaseClaim } from '../contract/JournalStore.ts'
import type { AttemptRow } from '../sqlite/createSendRecords.ts'
import type { PgJournalTables } from './PgJournalTables.ts'

/**
 * The lease claim as SQL: the row exists with this holder and token and has not expired by the
 * database's clock at the moment the row is locked (`clock_timestamp()`). `FOR SHARE` makes a
 * takeover (which updates the row) wait for the statement, and the statement wait for a takeover
 * in flight, so the new holder reads the journal only after every write of the old one committed
 * or was refused. The lock lasts one autocommitted statement, never a client round trip.
 */
export function leaseHolds(chainId: number, address: string, claim: WalletLeaseClaim) {
  return sql`EXISTS (SELECT 1 FROM wallet_leases
    WHERE chain_id = ${chainId} AND address = ${address} AND holder = ${claim.holder}
      AND token = ${claim.token} AND expires_at > clock_timestamp() FOR SHARE)`
}

/**
 * The fenced write-ahead insert as ONE autocommitted statement (docs/architecture.md §5): the row
 * goes in only if `claim` holds the lease at that instant, and an EVM row marks the earlier
 * signatures of its nonce `replaced` in the same statement. Nothing of it waits on the client,
 * so a holder frozen or cut off at any moment holds the lease row no longer than the statement
 * runs (the session's `statement_timeout` bounds it). Returns the inserted row, or undefined when
 * the claim failed or the hash was already there (the caller tells which).
 */
export async function insertFencedAttempt(
  db: Kysely<PgJournalTables>,
  params: StoreSignedAttemptParams,
  from: string,
  claim: WalletLeaseClaim,
  nowMs: number,
): Promise<AttemptRow | undefined> {
  const nonce = params.family === 'evm' ? params.nonce! : null
  const { rows } = await sql<AttemptRow>`
    WITH inserted AS (
      INSERT INTO attempts (intent_id, chain_id, family, kind, from_address, nonce, attempt,
        raw_tx, hash, order_id, max_fee_per_gas, max_priority_fee_per_gas, blockhash,
        last_valid_block_height, safe_address, safe_tx_hash, safe_nonce, state, created_ms,
        updated_ms)
      SELECT ${params.intentId ?? null}::text, ${params.chainId}::bigint, ${params.family}::text,
        ${params.kind}::text, ${from}::text, ${nonce}::bigint, ${params.attempt}::bigint,
        ${params.rawTx}::text, ${params.hash}::text, ${params.orderId ?? null}::text,
        ${params.maxFeePerGas?.toString() ?? null}::text,
        ${params.maxPriorityFeePerGas?.toString() ?? null}::text,
        ${params.blockhash ?? null}::text, ${params.lastValidBlockHeight ?? null}::bigint,
        ${params.safeTx?.safe ?? null}::text, ${params.safeTx?.safeTxHash ?? null}::text,
        ${params.safeTx?.safeNonce.toString() ?? null}::text,
        'signed', ${nowMs}::bigint, ${nowMs}::bigint
      WHERE ${leaseHolds(params.chainId, from, claim)}
      ON CONFLICT (hash) DO NOTHING
      RETURNING *
    ), replaced AS (
      UPDATE attempts AS a SET state = 'replaced', updated_ms = ${nowMs}::bigint
      FROM inserted AS i
      WHERE i.family = 'evm' AND a.chain_id = i.chain_id AND a.from_address = i.from_address
        AND a.nonce = i.nonce AND a.state IN ('signed', 'broadcast') AND a.id <> i.id
    )
    SELECT * FROM inserted`.execute(db)
  return rows[0]
}

/**
 * The one advisory lock every pre-sign guard of a shared journal runs under, with the insert it
 * guards (docs/safety.md P-4.2): one scope for every cap, since the in-flight cap spans routes.
 */
const CAP_LOCK_KEY = 0x666572727901n

/**
 * Runs `work` (the last risk check, then the fenced insert on another connection) while this
 * process holds the cluster's cap lock, in a transaction that holds nothing else: guards of any
 * process run one at a time, each after the previous one's insert committed, so N processes
 * together never pass a cap. A frozen holder keeps the lock at most the session's
 * `idle_in_transaction_session_timeout`; a waiter gives up at its `lock_timeout`.
 */
export function underCapLock<T>(db: Kysely<PgJournalTables>, work: () => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${CAP_LOCK_KEY.toString()}::bigint)`.execute(trx)
    return work()
  })
}
