import type Database from 'better-sqlite3'
import type { Clock } from '../../common/clock.ts'
import { canAdvance } from '../contract/canAdvance.ts'
import { JournalError } from '../contract/JournalError.ts'
import type {
  HexText,
  HookStepRecord,
  HookStepStatus,
  OrderRecord,
  OrderState,
  TransitionResult,
} from '../contract/journalTypes.ts'

/** Input of `recordOrder`. */
export type RecordOrderParams = {
  /** The verified orderId, known before signing (P-2.1). */
  orderId: HexText
  intentId: string
  srcChainId: number
  dstChainId: number
  /** Default `None`: journaled, not yet seen on chain. */
  state?: OrderState
  createTxHash?: string
}

/** Orders and their hook steps. */
export type OrderRecords = {
  /** Journals an order; idempotent by orderId (a second call returns the stored record). */
  recordOrder(params: RecordOrderParams): OrderRecord
  /**
   * Moves an order forward along the fill or the cancel path (idempotent, monotonic); `txHash` is
   * the transaction that showed the new state (the create tx for `Created`).
   */
  setOrderState(orderId: string, state: OrderState, txHash?: string): TransitionResult<OrderState>
  /**
   * Records what the recipient got when the order was filled, base units (the take amount of the
   * FulfilledOrder event). Idempotent; a later call overwrites with the same chain fact.
   */
  recordOrderFill(orderId: string, filledAmount: bigint): void
  /**
   * Records a take patch confirmed on the destination: the count goes up by one and the subtrahend
   * is kept. Idempotent by subtrahend (each patch's is larger than the last): a repeat of the last
   * one changes nothing. Returns the order's patch count after it.
   */
  recordOrderPatch(orderId: string, takeSubtrahend: bigint): number
  getOrder(orderId: string): OrderRecord | undefined
  ordersOf(intentId: string): OrderRecord[]
  /**
   * Records a hook step's status as last reported (externalCallProcess). Status strings are the
   * service's; ferry does not order them, but once a step is `Executed` it stays so.
   */
  recordHookStep(orderId: string, step: string, status: HookStepStatus, txHash?: string): void
  hookStepsOf(orderId: string): HookStepRecord[]
}

/** Row shape of `orders`. */
export type OrderRow = {
  order_id: HexText
  intent_id: string
  src_chain_id: number
  dst_chain_id: number
  state: OrderState
  create_tx_hash: string | null
  last_tx_hash: string | null
  filled_amount: string | null
  patches: number
  take_subtrahend: string | null
  created_ms: number
  updated_ms: number
}

type HookStepRow = {
  order_id: HexText
  step: string
  status: string
  tx_hash: string | null
  updated_ms: number
}

/** Maps an `orders` row to its record. */
export function toOrderRecord(row: OrderRow): OrderRecord {
  return {
    orderId: row.order_id,
    intentId: row.intent_id,
    srcChainId: row.src_chain_id,
    dstChainId: row.dst_chain_id,
    state: row.state,
    createTxHash: row.create_tx_hash ?? undefined,
    lastTxHash: row.last_tx_hash ?? undefined,
    filledAmount: row.filled_amount === null ? undefined : BigInt(row.filled_amount),
    patches: row.patches,
    takeSubtrahend: row.take_subtrahend === null ? undefined : BigInt(row.take_subtrahend),
    createdMs: row.created_ms,
    updatedMs: row.updated_ms,
  }
}

/** Binds the order and hook-step statements of one journal connection. */
export function createOrderRecords(db: Database.Database, clock: Clock): OrderRecords {
  const insertOrder = db.prepare(
    `INSERT INTO orders (order_id, intent_id, src_chain_id, dst_chain_id, state, create_tx_hash,
       created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const selectOrder = db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE order_id = ?')
  const selectOrdersOf = db.prepare<[string], OrderRow>(
    'SELECT * FROM orders WHERE intent_id = ? ORDER BY created_ms, order_id',
  )
  const updateOrder = db.prepare(
    `UPDATE orders SET state = ?, last_tx_hash = COALESCE(?, last_tx_hash),
       create_tx_hash = CASE WHEN ? = 'Created' THEN COALESCE(create_tx_hash, ?) ELSE create_tx_hash END,
       updated_ms = ? WHERE order_id = ?`,
  )
  const updateFill = db.prepare(
    'UPDATE orders SET filled_amount = ?, updated_ms = ? WHERE order_id = ?',
  )
  const updatePatch = db.prepare(
    'UPDATE orders SET patches = patches + 1, take_subtrahend = ?, updated_ms = ? WHERE order_id = ?',
  )
  // An Executed step never regresses to an earlier status reported by a lagging indexer.
  const upsertHookStep = db.prepare(
    `INSERT INTO hook_steps (order_id, step, status, tx_hash, updated_ms) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (order_id, step) DO UPDATE SET status = excluded.status,
       tx_hash = COALESCE(excluded.tx_hash, hook_steps.tx_hash), updated_ms = excluded.updated_ms
     WHERE hook_steps.status <> 'Executed'`,
  )
  const selectHookSteps = db.prepare<[string], HookStepRow>(
    'SELECT * FROM hook_steps WHERE order_id = ? ORDER BY step',
  )

  const recordOrder = db.transaction((params: RecordOrderParams): OrderRecord => {
    const orderId = params.orderId.toLowerCase()
    const existing = selectOrder.get(orderId)
    if (existing) {
      if (existing.intent_id !== params.intentId) {
        throw new JournalError('an orderId is already journaled under another intent', {
          metaMessages: [`order: ${orderId}`, `journaled intent: ${existing.intent_id}`],
        })
      }
      return toOrderRecord(existing)
    }
    const now = clock.nowMs()
    insertOrder.run(
      orderId,
      params.intentId,
      params.srcChainId,
      params.dstChainId,
      params.state ?? 'None',
      params.createTxHash ?? null,
      now,
      now,
    )
    return toOrderRecord(selectOrder.get(orderId)!)
  })

  const setOrderState = db.transaction(
    (orderId: string, state: OrderState, txHash?: string): TransitionResult<OrderState> => {
      const row = selectOrder.get(orderId.toLowerCase())
      if (!row) throw new JournalError('no such order', { metaMessages: [`order: ${orderId}`] })
      if (!canAdvance({ kind: 'order', from: row.state, to: state })) {
        return { changed: false, state: row.state }
      }
      const hash = txHash ?? null
      updateOrder.run(state, hash, state, hash, clock.nowMs(), row.order_id)
      return { changed: true, state }
    },
  )

  const recordOrderPatch = db.transaction((orderId: string, takeSubtrahend: bigint): number => {
    const row = selectOrder.get(orderId.toLowerCase())
    if (!row) throw new JournalError('no such order', { metaMessages: [`order: ${orderId}`] })
    const last = row.take_subtrahend === null ? -1n : BigInt(row.take_subtrahend)
    if (takeSubtrahend <= last) return row.patches
    updatePatch.run(takeSubtrahend.toString(), clock.nowMs(), row.order_id)
    return row.patches + 1
  })

  return {
    recordOrder: (params) => recordOrder.immediate(params),
    recordOrderPatch: (orderId, takeSubtrahend) =>
      recordOrderPatch.immediate(orderId, takeSubtrahend),
    setOrderState: (orderId, state, txHash) => setOrderState.immediate(orderId, state, txHash),
    recordOrderFill(orderId, filledAmount) {
      const result = updateFill.run(filledAmount.toString(), clock.nowMs(), orderId.toLowerCase())
      if (result.changes === 0) {
        throw new JournalError('no such order', { metaMessages: [`order: ${orderId}`] })
      }
    },
    getOrder(orderId) {
      const row = selectOrder.get(orderId.toLowerCase())
      return row ? toOrderRecord(row) : undefined
    },
    ordersOf: (intentId) => selectOrdersOf.all(intentId).map(toOrderRecord),
    recordHookStep(orderId, step, status, txHash) {
      upsertHookStep.run(orderId.toLowerCase(), step, status, txHash ?? null, clock.nowMs())
    },
    hookStepsOf: (orderId) =>
      selectHookSteps.all(orderId.toLowerCase()).map((row) => ({
        orderId: row.order_id,
        step: row.step,
        status: row.status,
        txHash: row.tx_hash ?? undefined,
        updatedMs: row.updated_ms,
      })),
  }
}
