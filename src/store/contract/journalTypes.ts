/**
 * The vocabulary of the journal: states and the records it returns. Amounts are bigint in base
 * units (stored as decimal text), times are clock ms, USD values are numbers.
 */

/** A 0x-prefixed hex string (the shape of viem's `Hex`, without importing viem here). */
export type HexText = `0x${string}`

/**
 * Lifecycle of an intent as the engine drives it. Non-terminal states are reconciled on start
 * (P-2.2); `completed`, `failed` and `cancelled` are terminal. Order of the list is the order of
 * progress: a transition never moves back (see {@link INTENT_STATES}).
 */
export type IntentState =
  | 'journaled'
  | 'approving'
  | 'signed'
  | 'broadcast'
  | 'created'
  | 'fulfilled'
  | 'completed'
  | 'failed'
  | 'cancelled'

/** Intent states in order of progress. */
export const INTENT_STATES: readonly IntentState[] = [
  'journaled',
  'approving',
  'signed',
  'broadcast',
  'created',
  'fulfilled',
  'completed',
  'failed',
  'cancelled',
]

/** Intent states after which nothing about the intent can change. */
/**
 * How the journaled reason of a `failed` intent starts when the config was at fault (a price feed
 * that is not there): such an end starts no route cooldown (P-4.5), as waiting fixes nothing.
 */
export const CONFIG_FAILURE_PREFIX = 'configuration: '

export const TERMINAL_INTENT_STATES: readonly IntentState[] = ['completed', 'failed', 'cancelled']

/**
 * State of one signed transaction (docs/safety.md §2). `signed`: journaled, its bytes may or may not
 * have left. `broadcast`: sent at least once; unknown until chain evidence. `replaced`: a later
 * signature of the same nonce exists, but this one can still land (P-2.10). Final: `confirmed`
 * (included, succeeded), `failed` (included and reverted), `dropped` (provably can never land:
 * its nonce went to another tx, or its Solana blockhash expired).
 */
export type AttemptState = 'signed' | 'broadcast' | 'replaced' | 'confirmed' | 'failed' | 'dropped'

/** Attempt states no evidence can change any more. */
export const FINAL_ATTEMPT_STATES: readonly AttemptState[] = ['confirmed', 'failed', 'dropped']

/**
 * What a signed transaction does; `fence` is the no-op self-transfer that fills a nonce (P-2.8);
 * `patch` lowers a stuck order's take (patchOrderTake, P-7.12).
 */
export type AttemptKind = 'approve' | 'revoke' | 'order' | 'swap' | 'cancel' | 'patch' | 'fence'

/** Chain family of an attempt: it decides which of nonce or blockhash is set. */
export type ChainFamily = 'evm' | 'solana'

/**
 * Order states: the service's strings (docs/dln.md §3.1) plus ferry's own `Failed` (the order never
 * came to exist: its transaction reverted or expired). Success path
 * `None → Created → Fulfilled → SentUnlock → ClaimedUnlock`; cancel path
 * `Created → OrderCancelled → SentOrderCancel → ClaimedOrderCancel`.
 */
export type OrderState =
  | 'None'
  | 'Created'
  | 'Fulfilled'
  | 'SentUnlock'
  | 'ClaimedUnlock'
  | 'OrderCancelled'
  | 'SentOrderCancel'
  | 'ClaimedOrderCancel'
  | 'Failed'

/** Every {@link OrderState}. */
export const ORDER_STATES: readonly OrderState[] = [
  'None',
  'Created',
  'Fulfilled',
  'SentUnlock',
  'ClaimedUnlock',
  'OrderCancelled',
  'SentOrderCancel',
  'ClaimedOrderCancel',
  'Failed',
]

/** Approval lifecycle: `signed` before broadcast, then chain evidence. */
export type ApprovalState = 'signed' | 'broadcast' | 'confirmed' | 'failed'

/** Hook step status as the service reports it (docs/dln.md §3.4); `Executed` is success. */
export type HookStepStatus = string

/** One intent as journaled. */
export type IntentRecord = {
  id: string
  strategy: string
  /** The route key the risk limits are counted under, e.g. `42161->8453:USDC`. */
  route: string
  /** The strategy's intent parameters; bigints survive the round-trip. */
  params: unknown
  /** USD value of the intent when it was decided, counted against the daily caps (P-4.2). */
  notionalUsd: number
  state: IntentState
  /** Why the intent reached its state (a reject reason, an error's short message). */
  reason: string | undefined
  createdMs: number
  updatedMs: number
}

/** One quote fetched for an intent. */
export type QuoteRecord = {
  id: number
  intentId: string | undefined
  /** Service endpoint name, e.g. `create-tx`. */
  endpoint: string
  request: unknown
  response: unknown
  quotedMs: number
}

/** One approval (ERC-20 allowance) ferry set or revoked. */
export type ApprovalRecord = {
  id: number
  intentId: string | undefined
  chainId: number
  owner: string
  token: string
  spender: string
  /** Allowance in base units. */
  amount: bigint
  txHash: string | undefined
  state: ApprovalState
  createdMs: number
  updatedMs: number
}

/** One signed transaction: everything needed to rebroadcast or look it up (P-2.1, P-2.2). */
export type AttemptRecord = {
  id: number
  intentId: string | undefined
  chainId: number
  family: ChainFamily
  kind: AttemptKind
  from: string
  /** EVM nonce; undefined on Solana. */
  nonce: number | undefined
  /** 0 for the first signature of a nonce (EVM) or of an intent (Solana), 1.. for later ones. */
  attempt: number
  /** The signed bytes, 0x-hex (Solana's serialized transaction too). Public data, never a key. */
  rawTx: HexText
  /** EVM: keccak256(rawTx). Solana: the fee payer's signature (base58), the transaction id. */
  hash: string
  orderId: HexText | undefined
  maxFeePerGas: bigint | undefined
  maxPriorityFeePerGas: bigint | undefined
  /** Solana: the blockhash the transaction was signed with. */
  blockhash: string | undefined
  /** Solana: the block height after which the signature can no longer land. */
  lastValidBlockHeight: number | undefined
  state: AttemptState
  /** The node's last error text for this attempt, if any. */
  error: string | undefined
  /** Block number (EVM) or slot (Solana) the attempt was included in. */
  includedAt: number | undefined
  /** A Safe account's transaction this EVM attempt executes (docs/safety.md "Treasury accounts"). */
  safeTx: SafeTxRecord | undefined
  createdMs: number
  updatedMs: number
}

/**
 * The Safe transaction an owner-mode attempt executes, journaled before the key signs: the Safe,
 * its transaction hash (`getTransactionHash` at `safeNonce`) and the Safe nonce it was signed at.
 */
export type SafeTxRecord = { safe: HexText; safeTxHash: HexText; safeNonce: bigint }

/** One DLN order ferry created. */
export type OrderRecord = {
  orderId: HexText
  intentId: string
  srcChainId: number
  dstChainId: number
  state: OrderState
  /** The transaction that created the order. */
  createTxHash: string | undefined
  /** The last transaction that moved the order's state (fill, cancel, claim). */
  lastTxHash: string | undefined
  /** What the recipient got at the fill, base units (FulfilledOrder's take amount). */
  filledAmount: bigint | undefined
  /** Take patches confirmed on the destination (onStuck: patch, P-7.12). 0 when none. */
  patches: number
  /** The subtrahend of the last confirmed take patch, base units; undefined when none. */
  takeSubtrahend: bigint | undefined
  createdMs: number
  updatedMs: number
}

/** One step of an order's hook (externalCallProcess). */
export type HookStepRecord = {
  orderId: HexText
  step: string
  status: HookStepStatus
  txHash: string | undefined
  updatedMs: number
}

/** One strategy observation (arbitrage records every one, executed or not). */
export type ObservationRecord = {
  id: number
  strategy: string
  data: unknown
  observedMs: number
}

/**
 * Everything a restart needs to reconcile one intent (P-2.2): its attempts with raw bytes and
 * hashes (oldest first), its approvals, its orders and their hook steps. Pure data: the chain
 * queries are the engine's.
 */
export type IntentReconciliation = {
  intent: IntentRecord
  attempts: AttemptRecord[]
  approvals: ApprovalRecord[]
  orders: OrderRecord[]
  hookSteps: HookStepRecord[]
}

/** The result of a state transition: `changed` is false when it was a repeat or a step back. */
export type TransitionResult<S extends string> = { changed: boolean; state: S }
