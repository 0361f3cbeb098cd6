import { type Kysely, sql } from 'kysely'
import type { Clock } from '../../common/clock.ts'
import { canAdvance } from '../contract/canAdvance.ts'
import { JournalError } from '../contract/JournalError.ts'
import type { AsyncMethods } from '../contract/JournalStore.ts'
import type { HexText } from '../contract/journalTypes.ts'
import { type OrderRecords, toOrderRecord } from '../sqlite/createOrderRecords.ts'
import type { PgAccess } from './PgAccess.ts'
import type { PgJournalTables } from './PgJournalTables.ts'

type Db = Kysely<PgJournalTables>

/** Orders and hook steps on PostgreSQL, as `createOrderRecords` on SQLite. */
export function createPgOrderRecords(access: PgAccess, clock: Clock): AsyncMethods<OrderRecords> {
  // Stored lower-cased, as on SQLite: the service's and the chain's casing may differ.
  const key = (orderId: string) => orderId.toLowerCase() as HexText
  const selectOrder = (ex: Db, orderId: HexText) =>
    ex.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirst()
  return {
    recordOrder: (params) =>
      access.write(async (db) => {
        const orderId = key(params.orderId)
        const now = clock.nowMs()
        const inserted = await db
          .insertInto('orders')
          .values({
            order_id: orderId,
            intent_id: params.intentId,
            src_chain_id: params.srcChainId,
            dst_chain_id: params.dstChainId,
            state: params.state ?? 'None',
            create_tx_hash: params.createTxHash ?? null,
            created_ms: now,
            updated_ms: now,
          })
          .onConflict((oc) => oc.column('order_id').doNothing())
          .returningAll()
          .executeTakeFirst()
        if (inserted) return toOrderRecord(inserted)
        const existing = (await selectOrder(db, orderId))!
        if (existing.intent_id !== params.intentId) {
          throw new JournalError('an orderId is already journaled under another intent', {
            metaMessages: [`order: ${orderId}`, `journaled intent: ${existing.intent_id}`],
          })
        }
        return toOrderRecord(existing)
      }),
    recordOrderPatch: (orderId, takeSubtrahend) =>
      access.atomic(async (trx) => {
        const row = await trx
          .selectFrom('orders')
          .select(['order_id', 'patches', 'take_subtrahend'])
          .where('order_id', '=', key(orderId))
          .forNoKeyUpdate()
          .executeTakeFirst()
        if (!row) throw new JournalError('no such order', { metaMessages: [`order: ${orderId}`] })
        // Each patch's subtrahend is larger than the last: a repeat changes nothing.
        const last = row.take_subtrahend === null ? -1n : BigInt(row.take_subtrahend)
        if (takeSubtrahend <= last) return row.patches
        await trx
          .updateTable('orders')
          .set((eb) => ({
            patches: eb('patches', '+', 1),
            take_subtrahend: takeSubtrahend.toString(),
            updated_ms: clock.nowMs(),
          }))
          .where('order_id', '=', row.order_id)
          .execute()
        return row.patches + 1
      }),
    setOrderState: (orderId, state, txHash) =>
      access.atomic(async (trx) => {
        const row = await trx
          .selectFrom('orders')
          .select(['order_id', 'state'])
          .where('order_id', '=', key(orderId))
          .forNoKeyUpdate()
          .executeTakeFirst()
        if (!row) throw new JournalError('no such order', { metaMessages: [`order: ${orderId}`] })
        if (!canAdvance({ kind: 'order', from: row.state, to: state })) {
          return { changed: false, state: row.state }
        }
        const hash = txHash ?? null
        await trx
          .updateTable('orders')
          .set((eb) => ({
            state,
            last_tx_hash: eb.fn.coalesce(eb.val(hash), eb.ref('last_tx_hash')),
            create_tx_hash:
              state === 'Created'
                ? eb.fn.coalesce(eb.ref('create_tx_hash'), eb.val(hash))
                : eb.ref('create_tx_hash'),
            updated_ms: clock.nowMs(),
          }))
          .where('order_id', '=', row.order_id)
          .execute()
        return { changed: true, state }
      }),
    async recordOrderFill(orderId, filledAmount) {
      const result = await access.write((db) =>
        db
          .updateTable('orders')
          .set({ filled_amount: filledAmount.toString(), updated_ms: clock.nowMs() })
          .where('order_id', '=', key(orderId))
          .executeTakeFirst(),
      )
      if (result.numUpdatedRows === 0n) {
        throw new JournalError('no such order', { metaMessages: [`order: ${orderId}`] })
      }
    },
    async getOrder(orderId) {
      const row = await access.read((db) => selectOrder(db, key(orderId)))
      return row ? toOrderRecord(row) : undefined
    },
    async ordersOf(intentId) {
      const rows = await access.read((db) =>
        db
          .selectFrom('orders')
          .selectAll()
          .where('intent_id', '=', intentId)
          .orderBy('created_ms')
          .orderBy(sql`order_id COLLATE "C"`)
          .execute(),
      )
      return rows.map(toOrderRecord)
    },
    async recordHookStep(orderId, step, status, txHash) {
      // An Executed step never regresses to an earlier status reported by a lagging indexer.
      await access.write((db) =>
        db
          .insertInto('hook_steps')
          .values({
            order_id: key(orderId),
            step,
            status,
            tx_hash: txHash ?? null,
            updated_ms: clock.nowMs(),
          })
          .onConflict((oc) =>
            oc
              .columns(['order_id', 'step'])
              .doUpdateSet((eb) => ({
                status: eb.ref('excluded.status'),
                tx_hash: eb.fn.coalesce(eb.ref('excluded.tx_hash'), eb.ref('hook_steps.tx_hash')),
                updated_ms: eb.ref('excluded.updated_ms'),
              }))
              .where('hook_steps.status', '<>', 'Executed'),
          )
          .execute(),
      )
    },
    async hookStepsOf(orderId) {
      const rows = await access.read((db) =>
        db
          .selectFrom('hook_steps')
          .selectAll()
          .where('order_id', '=', key(orderId))
          .orderBy(sql`step COLLATE "C"`)
          .execute(),
      )
      return rows.map((row) => ({
        orderId: row.order_id,
        step: row.step,
        status: row.status,
        txHash: row.tx_hash ?? undefined,
        updatedMs: row.updated_ms,
      }))
    },
  }
}
