import type Database from 'better-sqlite3'
import type { Clock } from '../../common/clock.ts'
import { canAdvance } from '../contract/canAdvance.ts'
import { checkSameSignedBytes } from '../contract/checkSameSignedBytes.ts'
import { JournalError } from '../contract/JournalError.ts'
import type {
  AttemptKind,
  AttemptRecord,
  AttemptState,
  ChainFamily,
  HexText,
  SafeTxRecord,
  TransitionResult,
} from '../contract/journalTypes.ts'
import { toWalletKey } from '../contract/toWalletKey.ts'
import type { WriteBatch } from './createWriteBatch.ts'

/** Input of `recordSignedAttempt`: what P-2.1 requires before the first byte is sent. */
export type SignedAttemptParams = {
  /** Undefined only for transactions of no intent (a nonce fence, P-2.8). */
  intentId?: string
  /**
   * Runs inside the write-ahead transaction before a new attempt is inserted; a throw aborts the
   * insert, so nothing is journaled and nothing may be sent. ferry's last risk check before
   * signing (docs/safety.md, P-4.2): it sees the journal's totals as of this commit.
   */
  guard?: () => void
  chainId: number
  family: ChainFamily
  kind: AttemptKind
  from: string
  /** EVM only, required there. */
  nonce?: number
  /** 0 for the first signature of a nonce (EVM) or an intent (Solana). */
  attempt: number
  /** Signed bytes, 0x-hex. */
  rawTx: HexText
  /** EVM: keccak256(rawTx), computed locally. Solana: the signature. */
  hash: string
  orderId?: HexText
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  /** Solana only. */
  blockhash?: string
  /** Solana only, required there. */
  lastValidBlockHeight?: number
  /** EVM, a Safe account only: the Safe transaction the signed bytes execute. */
  safeTx?: SafeTxRecord
}

/** Extra facts a transition may carry. */
export type AttemptEvidence = {
  /** The node's error text (kept even when the state does not move). */
  error?: string
  /** Block number (EVM) or slot (Solana) of inclusion. */
  includedAt?: number
}

/** Signed attempts: the write-ahead records of every transaction ferry signs. */
export type SendRecords = {
  /**
   * Write-ahead (P-2.1): first commits the journal's pending grouped writes (createWriteBatch),
   * then the signed transaction in its own transaction. With `synchronous=FULL` both commits are
   * on disk when this returns, so the caller may broadcast only after it returns; if it throws,
   * nothing may be sent. On EVM, every earlier non-final signature
   * of the same (chain, from, nonce) becomes `replaced` (it can still land, P-2.10). Idempotent:
   * recording the same hash with the same bytes again returns the stored record.
   */
  recordSignedAttempt(params: SignedAttemptParams): AttemptRecord
  /** Moves an attempt forward by hash (idempotent, monotonic: confirmed never goes back). */
  setAttemptState(
    hash: string,
    state: AttemptState,
    evidence?: AttemptEvidence,
  ): TransitionResult<AttemptState>
  getAttempt(hash: string): AttemptRecord | undefined
  attemptsOf(intentId: string): AttemptRecord[]
  /** Every signature of one EVM nonce, oldest first: receipt lookup covers them all (P-2.10). */
  attemptsOfNonce(chainId: number, from: string, nonce: number): AttemptRecord[]
  /** Attempts not yet final (any intent or none), oldest first: what a restart must resolve. */
  unsettledAttempts(): AttemptRecord[]
  /** Highest journaled nonce of a sender, for `max(journal + 1, chain latest)` (P-2.6). */
  highestNonce(chainId: number, from: string): number | undefined
  /**
   * The EVM signatures of a sender that may still land (signed or broadcast, not replaced), by
   * nonce: where the nonce manager looks for a gap its counter alone cannot see (P-2.8).
   */
  openAttemptsOf(chainId: number, from: string): AttemptRecord[]
}

/** Row shape of `attempts`. */
export type AttemptRow = {
  id: number
  intent_id: string | null
  chain_id: number
  family: ChainFamily
  kind: AttemptKind
  from_address: string
  nonce: number | null
  attempt: number
  raw_tx: HexText
  hash: string
  order_id: HexText | null
  max_fee_per_gas: string | null
  max_priority_fee_per_gas: string | null
  blockhash: string | null
  last_valid_block_height: number | null
  state: AttemptState
  error: string | null
  included_at: number | null
  safe_address: HexText | null
  safe_tx_hash: HexText | null
  /** Decimal text. */
  safe_nonce: string | null
  created_ms: number
  updated_ms: number
}

const RAW_HEX_RE = /^0x(?:[0-9a-fA-F]{2})+$/

/** Maps an `attempts` row to its record. */
export function toAttemptRecord(row: AttemptRow): AttemptRecord {
  return {
    id: row.id,
    intentId: row.intent_id ?? undefined,
    chainId: row.chain_id,
    family: row.family,
    kind: row.kind,
    from: row.from_address,
    nonce: row.nonce ?? undefined,
    attempt: row.attempt,
    rawTx: row.raw_tx,
    hash: row.hash,
    orderId: row.order_id ?? undefined,
    maxFeePerGas: row.max_fee_per_gas === null ? undefined : BigInt(row.max_fee_per_gas),
    maxPriorityFeePerGas:
      row.max_priority_fee_per_gas === null ? undefined : BigInt(row.max_priority_fee_per_gas),
    blockhash: row.blockhash ?? undefined,
    lastValidBlockHeight: row.last_valid_block_height ?? undefined,
    state: row.state,
    error: row.error ?? undefined,
    includedAt: row.included_at ?? undefined,
    safeTx:
      row.safe_address === null || row.safe_tx_hash === null || row.safe_nonce === null
        ? undefined
        : {
            safe: row.safe_address,
            safeTxHash: row.safe_tx_hash,
            safeNonce: BigInt(row.safe_nonce),
          },
    createdMs: row.created_ms,
    updatedMs: row.updated_ms,
  }
}

/** Refuses an attempt that lacks what reconciliation needs, before anything is stored. */
export function checkAttempt(params: SignedAttemptParams): void {
  const problems: string[] = []
  if (!RAW_HEX_RE.test(params.rawTx)) problems.push('rawTx is not 0x-prefixed whole-byte hex')
  if (params.family === 'evm' && !Number.isSafeInteger(params.nonce)) problems.push('no nonce')
  if (params.family === 'solana' && !Number.isSafeInteger(params.lastValidBlockHeight)) {
    problems.push('no lastValidBlockHeight')
  }
  if (!params.hash) problems.push('no hash')
  if (problems.length) {
    throw new JournalError('a signed attempt lacks what reconciliation needs', {
      metaMessages: [`hash: ${params.hash}`, ...problems.map((p) => `problem: ${p}`)],
    })
  }
}

/**
 * Binds the attempt statements of one journal connection. `batch` is the connection's write
 * batch: the write-ahead insert flushes it, so no caller can forget to.
 */
export function createSendRecords(
  db: Database.Database,
  clock: Clock,
  batch?: Pick<WriteBatch, 'flush'>,
): SendRecords {
  const insertAttempt = db.prepare(
    `INSERT INTO attempts (intent_id, chain_id, family, kind, from_address, nonce, attempt, raw_tx,
       hash, order_id, max_fee_per_gas, max_priority_fee_per_gas, blockhash,
       last_valid_block_height, safe_address, safe_tx_hash, safe_nonce, state, created_ms,
       updated_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signed', ?, ?)`,
  )
  const selectAttempt = db.prepare<[string], AttemptRow>('SELECT * FROM attempts WHERE hash = ?')
  const selectAttemptsOf = db.prepare<[string], AttemptRow>(
    'SELECT * FROM attempts WHERE intent_id = ? ORDER BY id',
  )
  const selectAttemptsOfNonce = db.prepare<[number, string, number], AttemptRow>(
    'SELECT * FROM attempts WHERE chain_id = ? AND from_address = ? AND nonce = ? ORDER BY id',
  )
  const selectUnsettled = db.prepare<[], AttemptRow>(
    `SELECT * FROM attempts WHERE state NOT IN ('confirmed', 'failed', 'dropped') ORDER BY id`,
  )
  const selectHighestNonce = db.prepare<[number, string], { nonce: number | null }>(
    'SELECT MAX(nonce) AS nonce FROM attempts WHERE chain_id = ? AND from_address = ?',
  )
  const selectOpenOfSender = db.prepare<[number, string], AttemptRow>(
    `SELECT * FROM attempts WHERE chain_id = ? AND from_address = ? AND family = 'evm'
       AND state IN ('signed', 'broadcast') ORDER BY nonce, id`,
  )
  const markReplaced = db.prepare(
    `UPDATE attempts SET state = 'replaced', updated_ms = ?
     WHERE chain_id = ? AND from_address = ? AND nonce = ? AND state IN ('signed', 'broadcast')`,
  )
  const updateAttempt = db.prepare(
    `UPDATE attempts SET state = ?, error = COALESCE(?, error),
       included_at = COALESCE(?, included_at), updated_ms = ? WHERE hash = ?`,
  )
  const updateAttemptError = db.prepare(
    'UPDATE attempts SET error = ?, updated_ms = ? WHERE hash = ?',
  )

  const recordSignedAttempt = db.transaction((params: SignedAttemptParams): AttemptRecord => {
    checkAttempt(params)
    const existing = selectAttempt.get(params.hash)
    if (existing) {
      checkSameSignedBytes(existing.raw_tx, params)
      return toAttemptRecord(existing)
    }
    params.guard?.()
    const now = clock.nowMs()
    const from = toWalletKey(params.from)
    if (params.family === 'evm') markReplaced.run(now, params.chainId, from, params.nonce!)
    insertAttempt.run(
      params.intentId ?? null,
      params.chainId,
      params.family,
      params.kind,
      from,
      params.family === 'evm' ? params.nonce! : null,
      params.attempt,
      params.rawTx,
      params.hash,
      params.orderId ?? null,
      params.maxFeePerGas?.toString() ?? null,
      params.maxPriorityFeePerGas?.toString() ?? null,
      params.blockhash ?? null,
      params.lastValidBlockHeight ?? null,
      params.safeTx?.safe ?? null,
      params.safeTx?.safeTxHash ?? null,
      params.safeTx?.safeNonce.toString() ?? null,
      now,
      now,
    )
    return toAttemptRecord(selectAttempt.get(params.hash)!)
  })

  const setAttemptState = db.transaction(
    (
      hash: string,
      state: AttemptState,
      evidence: AttemptEvidence,
    ): TransitionResult<AttemptState> => {
      const row = selectAttempt.get(hash)
      if (!row) throw new JournalError('no such attempt', { metaMessages: [`hash: ${hash}`] })
      const now = clock.nowMs()
      if (!canAdvance({ kind: 'attempt', from: row.state, to: state })) {
        if (evidence.error !== undefined) updateAttemptError.run(evidence.error, now, hash)
        return { changed: false, state: row.state }
      }
      updateAttempt.run(state, evidence.error ?? null, evidence.includedAt ?? null, now, hash)
      return { changed: true, state }
    },
  )

  return {
    recordSignedAttempt(params) {
      batch?.flush()
      // Inside someone's open transaction the insert would be a savepoint, committed only with
      // it: bytes could reach an RPC before they are durable.
      if (db.inTransaction) {
        throw new JournalError(
          'a signed attempt must commit on its own, not inside a transaction',
          {
            metaMessages: [`hash: ${params.hash}`, 'fix: journal it outside db.transaction'],
          },
        )
      }
      return recordSignedAttempt.immediate(params)
    },
    setAttemptState: (hash, state, evidence = {}) =>
      setAttemptState.immediate(hash, state, evidence),
    getAttempt(hash) {
      const row = selectAttempt.get(hash)
      return row ? toAttemptRecord(row) : undefined
    },
    attemptsOf: (intentId) => selectAttemptsOf.all(intentId).map(toAttemptRecord),
    attemptsOfNonce: (chainId, from, nonce) =>
      selectAttemptsOfNonce.all(chainId, toWalletKey(from), nonce).map(toAttemptRecord),
    unsettledAttempts: () => selectUnsettled.all().map(toAttemptRecord),
    highestNonce: (chainId, from) =>
      selectHighestNonce.get(chainId, toWalletKey(from))?.nonce ?? undefined,
    openAttemptsOf: (chainId, from) =>
      selectOpenOfSender.all(chainId, toWalletKey(from)).map(toAttemptRecord),
  }
}
