import { type Kysely, sql } from 'kysely'
import type { PgJournalTables } from '../pg/PgJournalTables.ts'

/** One wallet's lease row, times by the database clock. */
export type WalletLeaseRow = {
  chainId: number
  /** The wallet key (EVM addresses lower-cased). */
  address: string
  holder: string
  token: number
  acquiredAtMs: number
  expiresAtMs: number
}

/** Every wallet lease row, by chain and address, as the database holds them now. */
export async function readWalletLeases(db: Kysely<PgJournalTables>): Promise<WalletLeaseRow[]> {
  const { rows } = await sql<{
    chain_id: number
    address: string
    holder: string
    token: number
    acquired_at_ms: number
    expires_at_ms: number
  }>`
    SELECT chain_id, address, holder, token,
      (extract(epoch from acquired_at) * 1000)::bigint AS acquired_at_ms,
      (extract(epoch from expires_at) * 1000)::bigint AS expires_at_ms
    FROM wallet_leases ORDER BY chain_id, address`.execute(db)
  return rows.map((r) => ({
    chainId: r.chain_id,
    address: r.address,
    holder: r.holder,
    token: r.token,
    acquiredAtMs: r.acquired_at_ms,
    expiresAtMs: r.expires_at_ms,
  }))
}
