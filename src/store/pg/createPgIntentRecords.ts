import type { Clock } from '../../common/clock.ts'
import { canAdvance } from '../contract/canAdvance.ts'
import { fromJournalJson } from '../contract/fromJournalJson.ts'
import { JournalError } from '../contract/JournalError.ts'
import type { AsyncMethods } from '../contract/JournalStore.ts'
import { toJournalJson } from '../contract/toJournalJson.ts'
import type { IntentRecords } from '../sqlite/createIntentRecords.ts'
import { checkSameIntent, toIntentRecord } from '../sqlite/createIntentRecords.ts'
import type { PgAccess } from './PgAccess.ts'

/** Intents, quotes and observations on PostgreSQL, as `createIntentRecords` on SQLite. */
export function createPgIntentRecords(access: PgAccess, clock: Clock): AsyncMethods<IntentRecords> {
  return {
    recordIntent: (params) =>
      access.write(async (db) => {
        const paramsJson = toJournalJson(params.params)
        const now = clock.nowMs()
        // Insert-or-nothing, then compare: two processes journaling one id race safely.
        const inserted = await db
          .insertInto('intents')
          .values({
            id: params.id,
            strategy: params.strategy,
            route: params.route,
            params_json: paramsJson,
            notional_usd: params.notionalUsd,
            state: 'journaled',
            created_ms: now,
            updated_ms: now,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .returningAll()
          .executeTakeFirst()
        if (inserted) return toIntentRecord(inserted)
        const existing = (await db
          .selectFrom('intents')
          .selectAll()
          .where('id', '=', params.id)
          .executeTakeFirst())!
        checkSameIntent(existing, params, paramsJson)
        return toIntentRecord(existing)
      }),
    setIntentState: (id, state, reason) =>
      access.atomic(async (trx) => {
        const row = await trx
          .selectFrom('intents')
          .select('state')
          .where('id', '=', id)
          .forNoKeyUpdate()
          .executeTakeFirst()
        if (!row) throw new JournalError('no such intent', { metaMessages: [`intent: ${id}`] })
        if (!canAdvance({ kind: 'intent', from: row.state, to: state })) {
          return { changed: false, state: row.state }
        }
        await trx
          .updateTable('intents')
          .set((eb) => ({
            state,
            reason: eb.fn.coalesce(eb.val(reason ?? null), eb.ref('reason')),
            updated_ms: clock.nowMs(),
          }))
          .where('id', '=', id)
          .execute()
        return { changed: true, state }
      }),
    async getIntent(id) {
      const row = await access.read((db) =>
        db.selectFrom('intents').selectAll().where('id', '=', id).executeTakeFirst(),
      )
      return row ? toIntentRecord(row) : undefined
    },
    async recordQuote(params) {
      const row = await access.write((db) =>
        db
          .insertInto('quotes')
          .values({
            intent_id: params.intentId ?? null,
            endpoint: params.endpoint,
            request_json: toJournalJson(params.request),
            response_json: toJournalJson(params.response),
            quoted_ms: clock.nowMs(),
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      )
      return row.id
    },
    async quotesOf(intentId) {
      const rows = await access.read((db) =>
        db
          .selectFrom('quotes')
          .selectAll()
          .where('intent_id', '=', intentId)
          .orderBy('id')
          .execute(),
      )
      return rows.map((row) => ({
        id: row.id,
        intentId: row.intent_id ?? undefined,
        endpoint: row.endpoint,
        request: fromJournalJson(row.request_json),
        response: fromJournalJson(row.response_json),
        quotedMs: row.quoted_ms,
      }))
    },
    async recordObservation(strategy, data, observedMs) {
      const row = await access.write((db) =>
        db
          .insertInto('observations')
          .values({
            strategy,
            data_json: toJournalJson(data),
            observed_ms: observedMs ?? clock.nowMs(),
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      )
      return row.id
    },
    async observations(strategy, sinceMs = 0) {
      const rows = await access.read((db) =>
        db
          .selectFrom('observations')
          .selectAll()
          .where('strategy', '=', strategy)
          .where('observed_ms', '>=', sinceMs)
          .orderBy('id')
          .execute(),
      )
      return rows.map((row) => ({
        id: row.id,
        strategy: row.strategy,
        data: fromJournalJson(row.data_json),
        observedMs: row.observed_ms,
      }))
    },
  }
}
