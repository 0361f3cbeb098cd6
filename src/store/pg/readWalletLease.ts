import { type Kysely, sql } from 'kysely'
import type { LeaseSeen } from '../contract/LeaseLostError.ts'
import type { PgJournalTables } from './PgJournalTables.ts'

/** The SQL of a lease's expiry as ms since the epoch, database clock (bigint, read as number). */
export const EXPIRES_AT_MS = sql<number>`(extract(epoch from expires_at) * 1000)::bigint`

/**
 * The lease row of one wallet as it stands (holder, token, expiry in database-clock ms), or
 * undefined when the wallet never had one. `address` must already be a wallet key.
 */
export async function readWalletLease(
  db: Kysely<PgJournalTables>,
  chainId: number,
  address: string,
): Promise<LeaseSeen> {
  const row = await db
    .selectFrom('wallet_leases')
    .select(['holder', 'token', EXPIRES_AT_MS.as('expires_at_ms')])
    .where('chain_id', '=', chainId)
    .where('address', '=', address)
    .executeTakeFirst()
  return row && { holder: row.holder, token: row.token, expiresAtMs: row.expires_at_ms }
}
