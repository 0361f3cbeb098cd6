import { type Kysely, sql } from 'kysely'
import type { Clock } from '../../common/clock.ts'
import { canAdvance } from '../contract/canAdvance.ts'
import { checkSameSignedBytes } from '../contract/checkSameSignedBytes.ts'
import { JournalError } from '../contract/JournalError.ts'
import type {
  AsyncMethods,
  StoreSignedAttemptParams,
  WalletLeaseClaim,
} from '../contract/JournalStore.ts'
import type { AttemptRecord } from '../contract/journalTypes.ts'
import { LeaseLostError } from '../contract/LeaseLostError.ts'
import { toWalletKey } from '../contract/toWalletKey.ts'
import {
  type AttemptRow,
  checkAttempt,
  type SendRecords,
  toAttemptRecord,
} from '../sqlite/createSendRecords.ts'
import { insertFencedAttempt, leaseHolds, underCapLock } from './insertFencedAttempt.ts'
import type { PgAccess } from './PgAccess.ts'
import type { PgJournalTables } from './PgJournalTables.ts'
import { readWalletLease } from './readWalletLease.ts'

type Db = Kysely<PgJournalTables>

/** The PostgreSQL send records: SQLite's, with the write-ahead insert fenced by the wallet lease. */
export type PgSendRecords = Omit<AsyncMethods<SendRecords>, 'recordSignedAttempt'> & {
  recordSignedAttempt(params: StoreSignedAttemptParams): Promise<AttemptRecord>
}

async function refuseLostLease(
  trx: Db,
  chainId: number,
  address: string,
  claim: WalletLeaseClaim,
): Promise<never> {
  throw new LeaseLostError(chainId, address, claim, await readWalletLease(trx, chainId, address))
}

/**
 * Binds the attempt records of one PostgreSQL journal. The write-ahead insert is one
 * autocommitted statement on `writeAhead.db` (the pool, `insertFencedAttempt`) after
 * `writeAhead.flush` committed the pending grouped writes, so no caller can forget to; with a
 * guard, the guard and the insert run under the cluster's cap lock (`underCapLock`). The other
 * methods go through `access`.
 */
export function createPgSendRecords(
  access: PgAccess,
  clock: Clock,
  writeAhead: { db: Db; flush(): Promise<void> },
): PgSendRecords {
  let guarded: Promise<unknown> = Promise.resolve()
  const selectAttempt = (executor: Db, hash: string) =>
    executor.selectFrom('attempts').selectAll().where('hash', '=', hash).executeTakeFirst()

  /** The idempotent path: the hash is journaled; same bytes and a live claim return it. */
  async function replay(
    trx: Db,
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
    // The rows before it commit first: its own statement then commits it alone (P-2.1).
    await writeAhead.flush()
    const db = writeAhead.db
    const existing = await selectAttempt(db, params.hash)
    if (existing) return replay(db, existing, params, claim)
    const insert = async (): Promise<AttemptRecord> => {
      const row = await insertFencedAttempt(db, params, from, claim, clock.nowMs())
      if (row) return toAttemptRecord(row)
      // Either the claim failed, or the same hash committed meanwhile (a concurrent retry).
      const raced = await selectAttempt(db, params.hash)
      if (raced) return replay(db, raced, params, claim)
      return refuseLostLease(db, params.chainId, from, claim)
    }
    const guard = params.guard
    if (guard === undefined) return insert()
    // The last risk check and its insert, one at a time cluster-wide; a throw inserts nothing.
    // One at a time in this process first, so waiters never hold the pool's connections the
    // lock's holder needs for its reads and its insert.
    const turn = guarded.then(() =>
      underCapLock(db, async () => {
        await guard()
        return insert()
      }),
    )
    guarded = turn.catch(() => {})
    return turn
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
