import type Database from 'better-sqlite3'
import { JournalError } from '../contract/JournalError.ts'

/**
 * Schema migrations, index i taking `user_version` i to i + 1. Append only: a shipped migration is
 * never edited, because journals written by older builds must still open (they hold the bytes of
 * transactions that may still land). Amounts are decimal TEXT, times INTEGER ms.
 */
export const JOURNAL_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE intents (
    id TEXT PRIMARY KEY,
    strategy TEXT NOT NULL,
    route TEXT NOT NULL,
    params_json TEXT NOT NULL,
    notional_usd REAL NOT NULL,
    state TEXT NOT NULL,
    reason TEXT,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL
  );
  CREATE INDEX intents_by_state ON intents (state);
  CREATE INDEX intents_by_created ON intents (created_ms);

  CREATE TABLE quotes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    intent_id TEXT REFERENCES intents (id),
    endpoint TEXT NOT NULL,
    request_json TEXT NOT NULL,
    response_json TEXT NOT NULL,
    quoted_ms INTEGER NOT NULL
  );
  CREATE INDEX quotes_by_intent ON quotes (intent_id);

  CREATE TABLE approvals (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    intent_id TEXT REFERENCES intents (id),
    chain_id INTEGER NOT NULL,
    owner TEXT NOT NULL,
    token TEXT NOT NULL,
    spender TEXT NOT NULL,
    amount TEXT NOT NULL,
    tx_hash TEXT,
    state TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL
  );
  CREATE INDEX approvals_by_intent ON approvals (intent_id);

  CREATE TABLE attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    intent_id TEXT REFERENCES intents (id),
    chain_id INTEGER NOT NULL,
    family TEXT NOT NULL CHECK (family IN ('evm', 'solana')),
    kind TEXT NOT NULL,
    from_address TEXT NOT NULL,
    nonce INTEGER,
    attempt INTEGER NOT NULL,
    raw_tx TEXT NOT NULL,
    hash TEXT NOT NULL UNIQUE,
    order_id TEXT,
    max_fee_per_gas TEXT,
    max_priority_fee_per_gas TEXT,
    blockhash TEXT,
    last_valid_block_height INTEGER,
    state TEXT NOT NULL,
    error TEXT,
    included_at INTEGER,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    CHECK (family = 'solana' OR nonce IS NOT NULL),
    CHECK (family = 'evm' OR last_valid_block_height IS NOT NULL)
  );
  CREATE INDEX attempts_by_intent ON attempts (intent_id);
  CREATE INDEX attempts_by_sender ON attempts (chain_id, from_address, nonce);
  CREATE INDEX attempts_by_state ON attempts (state);

  CREATE TABLE orders (
    order_id TEXT PRIMARY KEY,
    intent_id TEXT NOT NULL REFERENCES intents (id),
    src_chain_id INTEGER NOT NULL,
    dst_chain_id INTEGER NOT NULL,
    state TEXT NOT NULL,
    create_tx_hash TEXT,
    last_tx_hash TEXT,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL
  );
  CREATE INDEX orders_by_intent ON orders (intent_id);

  CREATE TABLE hook_steps (
    order_id TEXT NOT NULL REFERENCES orders (order_id),
    step TEXT NOT NULL,
    status TEXT NOT NULL,
    tx_hash TEXT,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (order_id, step)
  );

  CREATE TABLE observations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    strategy TEXT NOT NULL,
    data_json TEXT NOT NULL,
    observed_ms INTEGER NOT NULL
  );
  CREATE INDEX observations_by_strategy ON observations (strategy, observed_ms);

  CREATE TABLE sender_locks (
    chain_id INTEGER NOT NULL,
    address TEXT NOT NULL,
    owner_id TEXT NOT NULL,
    pid INTEGER NOT NULL,
    acquired_ms INTEGER NOT NULL,
    heartbeat_ms INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL,
    PRIMARY KEY (chain_id, address)
  );
  `,
  // 2: what the recipient got when the order was filled (the take amount of FulfilledOrder),
  // for quoted-vs-realized reports.
  `
  ALTER TABLE orders ADD COLUMN filled_amount TEXT;
  `,
  // 3: work a risk check postponed (`postpone.delayMs`): a request is not quoted again before
  // its time, across restarts, and `ferry status` shows it.
  `
  CREATE TABLE postponements (
    strategy TEXT NOT NULL,
    request_id TEXT NOT NULL,
    route TEXT NOT NULL,
    reason TEXT NOT NULL,
    detail TEXT NOT NULL,
    until_ms INTEGER NOT NULL,
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (strategy, request_id)
  );
  `,
  // 4: the market as each tick saw it, for `ferry replay`: the tick's due strategies and
  // balances, and every quote fetched (intent_id NULL unless it became an intent's decision
  // quote), keyed by the tick that asked. Pruned by `recording.retentionMs`.
  `
  CREATE TABLE ticks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tick_ms INTEGER NOT NULL,
    strategies_json TEXT NOT NULL,
    balances_json TEXT NOT NULL
  );
  CREATE INDEX ticks_by_time ON ticks (tick_ms);
  ALTER TABLE quotes ADD COLUMN strategy TEXT;
  ALTER TABLE quotes ADD COLUMN tick_ms INTEGER;
  CREATE INDEX quotes_by_tick ON quotes (tick_ms) WHERE tick_ms IS NOT NULL;
  `,
  // Every risk check sums the last 24 h by route: read from this index alone, never the rows
  // (whose parameters make a million-intent journal hundreds of MiB).
  `
  CREATE INDEX intents_notional_by_created ON intents (created_ms, route, notional_usd);
  `,
  // Take patches of a stuck order (onStuck: patch): how many were made and the last subtrahend,
  // so a restart never patches past maxPatches.
  `
  ALTER TABLE orders ADD COLUMN patches INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE orders ADD COLUMN take_subtrahend TEXT;
  `,
  // `ferry status` reads the dry-run intents of the last 24 h: from this index, never a scan of
  // every observation (each refused or dry-run intent is one, and a strategy's notes too).
  `
  CREATE INDEX observations_dry_runs ON observations (observed_ms)
    WHERE json_extract(data_json, '$.kind') = 'dryRun';
  `,
  // 8: a Safe account's transaction, journaled with the key's attempt before the signature
  // (docs/safety.md "Treasury accounts"): a restart settles it by the Safe nonce too. Nonce as
  // decimal TEXT (a uint256).
  `
  ALTER TABLE attempts ADD COLUMN safe_address TEXT;
  ALTER TABLE attempts ADD COLUMN safe_tx_hash TEXT;
  ALTER TABLE attempts ADD COLUMN safe_nonce TEXT;
  `,
]

/**
 * Brings the schema to the newest version, one migration per transaction, tracked in SQLite's
 * `user_version`. Refuses a journal written by a newer ferry rather than guessing at its schema.
 * Returns the resulting version.
 */
export function migrateJournal(db: Database.Database): number {
  const current = db.pragma('user_version', { simple: true }) as number
  if (current > JOURNAL_MIGRATIONS.length) {
    throw new JournalError('the journal was written by a newer ferry', {
      metaMessages: [
        `journal: ${db.name}`,
        `schema version: ${current}`,
        `this build knows: ${JOURNAL_MIGRATIONS.length}`,
      ],
    })
  }
  // Each step re-reads the version inside its write transaction: two processes opening a fresh
  // journal at once must not both run the same migration.
  const step = db.transaction((): boolean => {
    const version = db.pragma('user_version', { simple: true }) as number
    if (version >= JOURNAL_MIGRATIONS.length) return false
    db.exec(JOURNAL_MIGRATIONS[version]!)
    db.pragma(`user_version = ${version + 1}`)
    return true
  })
  while (step.immediate()) {}
  return JOURNAL_MIGRATIONS.length
}
