import { sql } from 'kysely'
import type { Clock } from '../../common/clock.ts'
import { canAdvance } from '../contract/canAdvance.ts'
import { JournalError } from '../contract/JournalError.ts'
import type { AsyncMethods } from '../contract/JournalStore.ts'
import { toWalletKey } from '../contract/toWalletKey.ts'
import { type ApprovalRecords, toApprovalRecord } from '../sqlite/createApprovalRecords.ts'
import type { PgAccess } from './PgAccess.ts'

/** Approvals on PostgreSQL, as `createApprovalRecords` on SQLite. */
export function createPgApprovalRecords(
  access: PgAccess,
  clock: Clock,
): AsyncMethods<ApprovalRecords> {
  return {
    recordApproval: (params) =>
      access.atomic(async (trx) => {
        if (params.txHash !== undefined) {
          // tx_hash has no unique index (nor on SQLite): two processes recording one approval
          // at once take turns on a lock of the hash instead.
          await sql`SELECT pg_advisory_xact_lock(hashtext(${`approval:${params.txHash}`}))`.execute(
            trx,
          )
          const existing = await trx
            .selectFrom('approvals')
            .selectAll()
            .where('tx_hash', '=', params.txHash)
            .orderBy('id')
            .executeTakeFirst()
          if (existing) return toApprovalRecord(existing)
        }
        const now = clock.nowMs()
        const row = await trx
          .insertInto('approvals')
          .values({
            intent_id: params.intentId ?? null,
            chain_id: params.chainId,
            owner: toWalletKey(params.owner),
            token: params.token,
            spender: params.spender,
            amount: params.amount.toString(),
            tx_hash: params.txHash ?? null,
            state: params.state ?? 'signed',
            created_ms: now,
            updated_ms: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        return toApprovalRecord(row)
      }),
    setApprovalState: (id, state, txHash) =>
      access.atomic(async (trx) => {
        const row = await trx
          .selectFrom('approvals')
          .select('state')
          .where('id', '=', id)
          .forNoKeyUpdate()
          .executeTakeFirst()
        if (!row) throw new JournalError('no such approval', { metaMessages: [`approval: ${id}`] })
        if (!canAdvance({ kind: 'approval', from: row.state, to: state })) {
          return { changed: false, state: row.state }
        }
        await trx
          .updateTable('approvals')
          .set((eb) => ({
            state,
            tx_hash: eb.fn.coalesce(eb.val(txHash ?? null), eb.ref('tx_hash')),
            updated_ms: clock.nowMs(),
          }))
          .where('id', '=', id)
          .execute()
        return { changed: true, state }
      }),
    async approvalsOf(intentId) {
      const rows = await access.read((db) =>
        db
          .selectFrom('approvals')
          .selectAll()
          .where('intent_id', '=', intentId)
          .orderBy('id')
          .execute(),
      )
      return rows.map(toApprovalRecord)
    },
  }
}
