import type Database from 'better-sqlite3'
import type { Clock } from '../../common/clock.ts'
import { canAdvance } from '../contract/canAdvance.ts'
import { fromJournalJson } from '../contract/fromJournalJson.ts'
import { JournalError } from '../contract/JournalError.ts'
import type {
  IntentRecord,
  IntentState,
  ObservationRecord,
  QuoteRecord,
  TransitionResult,
} from '../contract/journalTypes.ts'
import { toJournalJson } from '../contract/toJournalJson.ts'

/** Input of `recordIntent`. */
export type RecordIntentParams = {
  /** The engine's idempotency key for the intent. */
  id: string
  strategy: string
  route: string
  params: unknown
  notionalUsd: number
}

/** Input of `recordQuote`. */
export type RecordQuoteParams = {
  intentId?: string
  endpoint: string
  request: unknown
  response: unknown
}

/** Intents, their quotes and strategy observations. */
export type IntentRecords = {
  /**
   * Journals a new intent in state `journaled` (the first step of the executor pipeline).
   * Idempotent: the same id with the same content returns the stored record; the same id with
   * other content is a {@link JournalError}, never a silent overwrite.
   */
  recordIntent(params: RecordIntentParams): IntentRecord
  /** Moves an intent forward (idempotent, monotonic: see `canAdvance`). */
  setIntentState(id: string, state: IntentState, reason?: string): TransitionResult<IntentState>
  getIntent(id: string): IntentRecord | undefined
  /** Records one quote response; `quotedMs` is the clock's now. Returns the quote's row id. */
  recordQuote(params: RecordQuoteParams): number
  quotesOf(intentId: string): QuoteRecord[]
  /**
   * Records one strategy observation (arbitrage keeps every one) under the strategy instance id.
   * `observedMs` defaults to the clock's now. Returns its row id.
   */
  recordObservation(strategy: string, data: unknown, observedMs?: number): number
  /** Observations of a strategy at or after `sinceMs`, oldest first. */
  observations(strategy: string, sinceMs?: number): ObservationRecord[]
}

/** Row shape of `intents`. */
export type IntentRow = {
  id: string
  strategy: string
  route: string
  params_json: string
  notional_usd: number
  state: IntentState
  reason: string | null
  created_ms: number
  updated_ms: number
}

/** Maps an `intents` row to its record. */
export function toIntentRecord(row: IntentRow): IntentRecord {
  return {
    id: row.id,
    strategy: row.strategy,
    route: row.route,
    params: fromJournalJson(row.params_json),
    notionalUsd: row.notional_usd,
    state: row.state,
    reason: row.reason ?? undefined,
    createdMs: row.created_ms,
    updatedMs: row.updated_ms,
  }
}

type QuoteRow = {
  id: number
  intent_id: string | null
  endpoint: string
  request_json: string
  response_json: string
  quoted_ms: number
}

type ObservationRow = { id: number; strategy: string; data_json: string; observed_ms: number }

/**
 * Refuses journaling intent `params.id` again with other content than `existing` holds: the id
 * is the engine's idempotency key, so a repeat is only the same intent.
 * @throws JournalError naming the intent and its journaled strategy.
 */
export function checkSameIntent(
  existing: IntentRow,
  params: RecordIntentParams,
  paramsJson: string,
): void {
  const same =
    existing.strategy === params.strategy &&
    existing.route === params.route &&
    existing.params_json === paramsJson &&
    existing.notional_usd === params.notionalUsd
  if (same) return
  throw new JournalError('an intent with this id is already journaled with other content', {
    metaMessages: [`intent: ${params.id}`, `journaled strategy: ${existing.strategy}`],
  })
}

/** Binds the intent, quote and observation statements of one journal connection. */
export function createIntentRecords(db: Database.Database, clock: Clock): IntentRecords {
  const insertIntent = db.prepare(
    `INSERT INTO intents (id, strategy, route, params_json, notional_usd, state, created_ms, updated_ms)
     VALUES (?, ?, ?, ?, ?, 'journaled', ?, ?)`,
  )
  const selectIntent = db.prepare<[string], IntentRow>('SELECT * FROM intents WHERE id = ?')
  const updateIntent = db.prepare(
    'UPDATE intents SET state = ?, reason = COALESCE(?, reason), updated_ms = ? WHERE id = ?',
  )
  const insertQuote = db.prepare(
    `INSERT INTO quotes (intent_id, endpoint, request_json, response_json, quoted_ms)
     VALUES (?, ?, ?, ?, ?)`,
  )
  const selectQuotes = db.prepare<[string], QuoteRow>(
    'SELECT * FROM quotes WHERE intent_id = ? ORDER BY id',
  )
  const insertObservation = db.prepare(
    'INSERT INTO observations (strategy, data_json, observed_ms) VALUES (?, ?, ?)',
  )
  const selectObservations = db.prepare<[string, number], ObservationRow>(
    'SELECT * FROM observations WHERE strategy = ? AND observed_ms >= ? ORDER BY id',
  )

  const recordIntent = db.transaction((params: RecordIntentParams): IntentRecord => {
    const paramsJson = toJournalJson(params.params)
    const existing = selectIntent.get(params.id)
    if (existing) {
      checkSameIntent(existing, params, paramsJson)
      return toIntentRecord(existing)
    }
    const now = clock.nowMs()
    insertIntent.run(
      params.id,
      params.strategy,
      params.route,
      paramsJson,
      params.notionalUsd,
      now,
      now,
    )
    return toIntentRecord(selectIntent.get(params.id)!)
  })

  const setIntentState = db.transaction(
    (id: string, state: IntentState, reason?: string): TransitionResult<IntentState> => {
      const row = selectIntent.get(id)
      if (!row) throw new JournalError('no such intent', { metaMessages: [`intent: ${id}`] })
      if (!canAdvance({ kind: 'intent', from: row.state, to: state })) {
        return { changed: false, state: row.state }
      }
      updateIntent.run(state, reason ?? null, clock.nowMs(), id)
      return { changed: true, state }
    },
  )

  return {
    recordIntent: (params) => recordIntent.immediate(params),
    setIntentState: (id, state, reason) => setIntentState.immediate(id, state, reason),
    getIntent(id) {
      const row = selectIntent.get(id)
      return row ? toIntentRecord(row) : undefined
    },
    recordQuote(params) {
      const result = insertQuote.run(
        params.intentId ?? null,
        params.endpoint,
        toJournalJson(params.request),
        toJournalJson(params.response),
        clock.nowMs(),
      )
      return Number(result.lastInsertRowid)
    },
    quotesOf(intentId) {
      return selectQuotes.all(intentId).map((row) => ({
        id: row.id,
        intentId: row.intent_id ?? undefined,
        endpoint: row.endpoint,
        request: fromJournalJson(row.request_json),
        response: fromJournalJson(row.response_json),
        quotedMs: row.quoted_ms,
      }))
    },
    recordObservation(strategy, data, observedMs) {
      const result = insertObservation.run(
        strategy,
        toJournalJson(data),
        observedMs ?? clock.nowMs(),
      )
      return Number(result.lastInsertRowid)
    },
    observations(strategy, sinceMs = 0) {
      return selectObservations.all(strategy, sinceMs).map((row) => ({
        id: row.id,
        strategy: row.strategy,
        data: fromJournalJson(row.data_json),
        observedMs: row.observed_ms,
      }))
    },
  }
}
