import { type Kysely, sql, type Transaction } from 'kysely'
import type { Clock } from '../common/clock.ts'
import { canAdvance } from './canAdvance.ts'
import { checkSameSignedBytes } from './checkSameSignedBytes.ts'
import {
  type AttemptRow,
  checkAttempt,
  type SendRecords,
  toAttemptRecord,
} from './createSendRecords.ts'
import { JournalError } from './JournalError.ts'
import type { AsyncMethods, StoreSignedAttemptParams, WalletLeaseClaim } from './JournalStore.ts'
import type { AttemptRecord } from './journalTypes.ts'
import { LeaseLostError } from './LeaseLostError.ts'
import type { PgAccess } from './PgAccess.ts'
import type { PgJournalTables } from './PgJournalTables.ts'
import { readWalletLease } from './readWalletLease.ts'
import { toWalletKey } from './toWalletKey.ts'

type Db = Kysely<PgJournalTables>

/** The PostgreSQL send records: SQLite's, with the write-ahead insert fenced by the wallet lease. */
export type PgSendRecords = Omit<AsyncMethods<SendRecords>, 'recordSignedAttempt'> & {
  recordSignedAttempt(params: StoreSignedAttemptParams): Promise<AttemptRecord>
}

/**
 * The lease claim as SQL: the row exists with this holder and token and has not expired by the
 * database's clock. `FOR SHARE` makes a takeover (which updates the row) wait for this
 * transaction, and this check wait for a takeover in flight, so the new holder reads the journal
 * only after every write of the old one committed or was refused.
 */
function leaseHolds(chainId: number, address: string, claim: WalletLeaseClaim) {
  return sql`EXISTS (SELECT 1 FROM wallet_leases
    WHERE chain_id = ${chainId} AND address = ${address} AND holder = ${claim.holder}
      AND token = ${claim.token} AND expires_at > now() FOR SHARE)`
}

async function refuseLostLease(
  trx: Transaction<PgJournalTables>,
  chainId: number,
  address: string,
  claim: WalletLeaseClaim,
): Promise<never> {
  throw new LeaseLostError(chainId, address, claim, await readWalletLease(trx, chainId, address))
}

/**
 * Binds the attempt records of one PostgreSQL journal. The write-ahead insert runs in its own
 * transaction on `writeAhead.db` (the pool) after `writeAhead.flush` committed the pending
 * grouped writes, so no caller can forget to; the other methods go through `access`.
 */
export function createPgSendRecords(
  access: PgAccess,
  clock: Clock,
  writeAhead: { db: Db; flush(): Promise<void> },
): PgSendRecords {
  const selectAttempt = (executor: Db, hash: string) =>
    executor.selectFrom('attempts').selectAll().where('hash', '=', hash).executeTakeFirst()

  /** The idempotent path: the hash is journaled; same bytes and a live claim return it. */
  async function replay(
    trx: Transaction<PgJournalTables>,
    existing: AttemptRow,
    params: StoreSignedAttemptParams,
    claim: WalletLeaseClaim,
  ): Promise<AttemptRecord> {
    checkSameSignedBytes(existing.raw_tx, params)
    // The caller may broadcast what this returns: only a holder may.
    const from = existing.from_address
    const holds = leaseHolds(existing.chain_id, from, claim)
    const { rows } = await sql<{ held: boolean }>`SELECT ${holds} AS held`.execute(trx)
    if (rows[0]?.held !== true) await refuseLostLease(trx, existing.chain_id, from, claim)
    return toAttemptRecord(existing)
  }

  async function recordSignedAttempt(params: StoreSignedAttemptParams): Promise<AttemptRecord> {
    checkAttempt(params)
    const claim = params.lease
    if (claim === undefined) {
      throw new JournalError('a signed attempt on the shared journal needs the wallet lease', {
        metaMessages: [
          `hash: ${params.hash}`,
          'fix: acquire the lease (acquireWalletLease) and pass { lease: { holder, token } }',
        ],
      })
    }
    const from = toWalletKey(params.from)
    // The rows before it commit first: its own transaction then commits it alone (P-2.1).
    await writeAhead.flush()
    return writeAhead.db.transaction().execute(async (trx) => {
      const existing = await selectAttempt(trx, params.hash)
      if (existing) return replay(trx, existing, params, claim)
      // Inside the transaction, before the insert: a throw rolls it back (docs/architecture.md §5).
      await params.guard?.()
      const now = clock.nowMs()
      const nonce = params.family === 'evm' ? params.nonce! : null
      // One statement: the row goes in only if the claim holds at this instant (P-2.4).
      const inserted = await sql<AttemptRow>`
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
          'signed', ${now}::bigint, ${now}::bigint
        WHERE ${leaseHolds(params.chainId, from, claim)}
        ON CONFLICT (hash) DO NOTHING
        RETURNING *`.execute(trx)
      const row = inserted.rows[0]
      if (row === undefined) {
        // Either the claim failed, or the same hash committed meanwhile (a concurrent retry).
        const raced = await selectAttempt(trx, params.hash)
        if (raced) return replay(trx, raced, params, claim)
        return refuseLostLease(trx, params.chainId, from, claim)
      }
      if (params.family === 'evm') {
        await trx
          .updateTable('attempts')
          .set({ state: 'replaced', updated_ms: now })
          .where('chain_id', '=', params.chainId)
          .where('from_address', '=', from)
          .where('nonce', '=', nonce)
          .where('state', 'in', ['signed', 'broadcast'])
          .where('id', '<>', row.id)
          .execute()
      }
      return toAttemptRecord(row)
    })
  }

  return {
    recordSignedAttempt,
    setAttemptState: (hash, state, evidence = {}) =>
      access.atomic(async (trx) => {
        const row = await trx
          .selectFrom('attempts')
          .select('state')
          .where('hash', '=', hash)
          .forNoKeyUpdate()
          .executeTakeFirst()
        if (!row) throw new JournalError('no such attempt', { metaMessages: [`hash: ${hash}`] })
        const now = clock.nowMs()
        if (!canAdvance({ kind: 'attempt', from: row.state, to: state })) {
          if (evidence.error !== undefined) {
            await trx
              .updateTable('attempts')
              .set({ error: evidence.error, updated_ms: now })
              .where('hash', '=', hash)
              .execute()
          }
          return { changed: false, state: row.state }
        }
        await trx
          .updateTable('attempts')
          .set((eb) => ({
            state,
            error: eb.fn.coalesce(eb.val(evidence.error ?? null), eb.ref('error')),
            included_at: eb.fn.coalesce(eb.val(evidence.includedAt ?? null), eb.ref('included_at')),
            updated_ms: now,
          }))
          .where('hash', '=', hash)
          .execute()
        return { changed: true, state }
      }),
    async getAttempt(hash) {
      const row = await access.read((db) => selectAttempt(db, hash))
      return row ? toAttemptRecord(row) : undefined
    },
    async attemptsOf(intentId) {
      const rows = await access.read((db) =>
        db
          .selectFrom('attempts')
          .selectAll()
          .where('intent_id', '=', intentId)
          .orderBy('id')
          .execute(),
      )
      return rows.map(toAttemptRecord)
    },
    async attemptsOfNonce(chainId, from, nonce) {
      const rows = await access.read((db) =>
        db
          .selectFrom('attempts')
          .selectAll()
          .where('chain_id', '=', chainId)
          .where('from_address', '=', toWalletKey(from))
          .where('nonce', '=', nonce)
          .orderBy('id')
          .execute(),
      )
      return rows.map(toAttemptRecord)
    },
    async unsettledAttempts() {
      const rows = await access.read((db) =>
        db
          .selectFrom('attempts')
          .selectAll()
          .where('state', 'not in', ['confirmed', 'failed', 'dropped'])
          .orderBy('id')
          .execute(),
      )
      return rows.map(toAttemptRecord)
    },
    async highestNonce(chainId, from) {
      const row = await access.read((db) =>
        db
          .selectFrom('attempts')
          .select((eb) => eb.fn.max('nonce').as('nonce'))
          .where('chain_id', '=', chainId)
          .where('from_address', '=', toWalletKey(from))
          .executeTakeFirst(),
      )
      return row?.nonce ?? undefined
    },
    async openAttemptsOf(chainId, from) {
      const rows = await access.read((db) =>
        db
          .selectFrom('attempts')
          .selectAll()
          .where('chain_id', '=', chainId)
          .where('from_address', '=', toWalletKey(from))
          .where('family', '=', 'evm')
          .where('state', 'in', ['signed', 'broadcast'])
          .orderBy('nonce')
          .orderBy('id')
          .execute(),
      )
      return rows.map(toAttemptRecord)
    },
  }
}
