import type Database from 'better-sqlite3'
import type { Clock } from '../../common/clock.ts'
import { canAdvance } from '../contract/canAdvance.ts'
import { JournalError } from '../contract/JournalError.ts'
import type { ApprovalRecord, ApprovalState, TransitionResult } from '../contract/journalTypes.ts'
import { toWalletKey } from '../contract/toWalletKey.ts'

/** Input of `recordApproval`. */
export type RecordApprovalParams = {
  intentId?: string
  chainId: number
  owner: string
  token: string
  spender: string
  /** Allowance in base units. */
  amount: bigint
  txHash?: string
  state?: ApprovalState
}

/** Allowances ferry set or revoked (exact amounts, P-1.12); their transactions are attempts too. */
export type ApprovalRecords = {
  /** Journals an approval; idempotent by `txHash` when one is given. */
  recordApproval(params: RecordApprovalParams): ApprovalRecord
  setApprovalState(
    id: number,
    state: ApprovalState,
    txHash?: string,
  ): TransitionResult<ApprovalState>
  approvalsOf(intentId: string): ApprovalRecord[]
}

/** Row shape of `approvals`. */
export type ApprovalRow = {
  id: number
  intent_id: string | null
  chain_id: number
  owner: string
  token: string
  spender: string
  amount: string
  tx_hash: string | null
  state: ApprovalState
  created_ms: number
  updated_ms: number
}

/** Maps an `approvals` row to its record. */
export function toApprovalRecord(row: ApprovalRow): ApprovalRecord {
  return {
    id: row.id,
    intentId: row.intent_id ?? undefined,
    chainId: row.chain_id,
    owner: row.owner,
    token: row.token,
    spender: row.spender,
    amount: BigInt(row.amount),
    txHash: row.tx_hash ?? undefined,
    state: row.state,
    createdMs: row.created_ms,
    updatedMs: row.updated_ms,
  }
}

/** Binds the approval statements of one journal connection. */
export function createApprovalRecords(db: Database.Database, clock: Clock): ApprovalRecords {
  const insertApproval = db.prepare(
    `INSERT INTO approvals (intent_id, chain_id, owner, token, spender, amount, tx_hash, state,
       created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const selectApproval = db.prepare<[number], ApprovalRow>('SELECT * FROM approvals WHERE id = ?')
  const selectApprovalByTx = db.prepare<[string], ApprovalRow>(
    'SELECT * FROM approvals WHERE tx_hash = ?',
  )
  const selectApprovalsOf = db.prepare<[string], ApprovalRow>(
    'SELECT * FROM approvals WHERE intent_id = ? ORDER BY id',
  )
  const updateApproval = db.prepare(
    'UPDATE approvals SET state = ?, tx_hash = COALESCE(?, tx_hash), updated_ms = ? WHERE id = ?',
  )

  const recordApproval = db.transaction((params: RecordApprovalParams): ApprovalRecord => {
    if (params.txHash !== undefined) {
      const existing = selectApprovalByTx.get(params.txHash)
      if (existing) return toApprovalRecord(existing)
    }
    const now = clock.nowMs()
    const result = insertApproval.run(
      params.intentId ?? null,
      params.chainId,
      toWalletKey(params.owner),
      params.token,
      params.spender,
      params.amount.toString(),
      params.txHash ?? null,
      params.state ?? 'signed',
      now,
      now,
    )
    return toApprovalRecord(selectApproval.get(Number(result.lastInsertRowid))!)
  })

  const setApprovalState = db.transaction(
    (id: number, state: ApprovalState, txHash?: string): TransitionResult<ApprovalState> => {
      const row = selectApproval.get(id)
      if (!row) throw new JournalError('no such approval', { metaMessages: [`approval: ${id}`] })
      if (!canAdvance({ kind: 'approval', from: row.state, to: state })) {
        return { changed: false, state: row.state }
      }
      updateApproval.run(state, txHash ?? null, clock.nowMs(), id)
      return { changed: true, state }
    },
  )

  return {
    recordApproval: (params) => recordApproval.immediate(params),
    setApprovalState: (id, state, txHash) => setApprovalState.immediate(id, state, txHash),
    approvalsOf: (intentId) => selectApprovalsOf.all(intentId).map(toApprovalRecord),
  }
}
