import { sql } from 'kysely'
import type { WalletLeaseClaim } from '../contract/JournalStore.ts'
import { toWalletKey } from '../contract/toWalletKey.ts'
import type { PgJournalStore } from '../pg/openPgJournal.ts'

/**
 * Gives a held lease up at once (a clean stop), so another process need not wait for its expiry.
 * The row stays, expired, so the next holder's token is still higher than this one's. Does
 * nothing when the claim no longer holds. Returns whether it released the lease.
 */
export async function releaseWalletLease(
  store: PgJournalStore,
  wallet: { chainId: number; address: string } & WalletLeaseClaim,
): Promise<boolean> {
  const result = await sql`
    UPDATE wallet_leases SET expires_at = clock_timestamp()
    WHERE chain_id = ${wallet.chainId} AND address = ${toWalletKey(wallet.address)}
      AND holder = ${wallet.holder} AND token = ${wallet.token} AND expires_at > clock_timestamp()`.execute(
    store.db,
  )
  return (result.numAffectedRows ?? 0n) > 0n
}
