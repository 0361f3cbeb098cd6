/** One journal table `ferry journal migrate` copies from SQLite into PostgreSQL. */
export type JournalCopyTable = {
  name: string
  /**
   * The primary key: rows are read, copied and compared in its order (text compared byte by
   * byte on both sides, SQLite's BINARY and PostgreSQL's "C").
   */
  key: readonly string[]
  /**
   * The PostgreSQL column that takes SQLite's rowid. Rows are then ordered by it instead of
   * `key`, so the copy keeps their insertion order.
   */
  rowidColumn?: string
  /** The identity column whose sequence is set past the copied values. */
  identity?: string
}

/**
 * Every table of the SQLite journal's schema (`JOURNAL_MIGRATIONS`) but `sender_locks`, in an
 * order where each table comes after those its foreign keys reference. A process's sender lock
 * means nothing in another database: the shared journal's writers hold `wallet_leases` instead.
 * `intents.seq` takes SQLite's rowid, the order the queries read intents in
 * (docs/architecture.md §5).
 */
export const JOURNAL_COPY_TABLES: readonly JournalCopyTable[] = [
  { name: 'intents', key: ['id'], rowidColumn: 'seq', identity: 'seq' },
  { name: 'quotes', key: ['id'], identity: 'id' },
  { name: 'approvals', key: ['id'], identity: 'id' },
  { name: 'attempts', key: ['id'], identity: 'id' },
  { name: 'orders', key: ['order_id'] },
  { name: 'hook_steps', key: ['order_id', 'step'] },
  { name: 'observations', key: ['id'], identity: 'id' },
  { name: 'postponements', key: ['strategy', 'request_id'] },
  { name: 'ticks', key: ['id'], identity: 'id' },
]

/**
 * The PostgreSQL tables a copy locks and requires empty: every table of the journal's schema
 * (a test holds it to the migrated schema): the copied ones, then those of a cluster, which hold
 * no copied rows but mean the database is in use.
 */
export const JOURNAL_COPY_TARGET_TABLES: readonly string[] = [
  ...JOURNAL_COPY_TABLES.map((t) => t.name),
  'wallet_leases',
  'sender_locks',
  'cluster_instances',
  'strategy_slots',
  'kill_switch',
  'cluster_alerts',
]
