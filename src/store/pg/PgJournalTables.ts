import type { Generated } from 'kysely'
import type {
  ApprovalState,
  AttemptKind,
  AttemptState,
  ChainFamily,
  HexText,
  IntentState,
  OrderState,
} from '../contract/journalTypes.ts'

/**
 * The PostgreSQL journal's tables as Kysely sees them: SQLite's columns (bigint where SQLite has
 * INTEGER, read back as numbers; amounts decimal text; JSON as the same text `toJournalJson`
 * writes) plus `intents.seq`, the insertion order SQLite's rowid gave, `wallet_leases` and the
 * cluster's `cluster_instances`, `strategy_slots`, `kill_switch` and `cluster_alerts`.
 */
export type PgJournalTables = {
  intents: {
    seq: Generated<number>
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
  quotes: {
    id: Generated<number>
    intent_id: string | null
    endpoint: string
    request_json: string
    response_json: string
    quoted_ms: number
    strategy: string | null
    tick_ms: number | null
  }
  approvals: {
    id: Generated<number>
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
  attempts: {
    id: Generated<number>
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
    safe_nonce: string | null
    created_ms: number
    updated_ms: number
  }
  orders: {
    order_id: HexText
    intent_id: string
    src_chain_id: number
    dst_chain_id: number
    state: OrderState
    create_tx_hash: string | null
    last_tx_hash: string | null
    filled_amount: string | null
    patches: Generated<number>
    take_subtrahend: string | null
    created_ms: number
    updated_ms: number
  }
  hook_steps: {
    order_id: HexText
    step: string
    status: string
    tx_hash: string | null
    updated_ms: number
  }
  observations: {
    id: Generated<number>
    strategy: string
    data_json: string
    observed_ms: number
  }
  postponements: {
    strategy: string
    request_id: string
    route: string
    reason: string
    detail: string
    until_ms: number
    created_ms: number
  }
  ticks: {
    id: Generated<number>
    tick_ms: number
    strategies_json: string
    balances_json: string
  }
  wallet_leases: {
    chain_id: number
    address: string
    holder: string
    token: number
    acquired_at: Date
    expires_at: Date
  }
  cluster_instances: {
    id: string
    host: string
    pid: number
    started_at: Date
    seen_at: Date
    lease_ttl_ms: number
  }
  strategy_slots: {
    strategy: string
    slot_ms: number
    holder: string
    claimed_at: Date
  }
  kill_switch: {
    id: number
    since: Date
    by_whom: string
    reason: string
  }
  cluster_alerts: {
    kind: string
    key: string
    window_start_ms: number
    instance: string
  }
}
