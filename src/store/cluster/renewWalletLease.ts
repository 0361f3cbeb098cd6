import { sql } from 'kysely'
import { LeaseLostError } from '../contract/LeaseLostError.ts'
import { toWalletKey } from '../contract/toWalletKey.ts'
import type { PgJournalStore } from '../pg/openPgJournal.ts'
import { EXPIRES_AT_MS, readWalletLease } from '../pg/readWalletLease.ts'
import {
  checkLeaseTtl,
  type LeaseRow,
  type WalletLease,
  type WalletLeaseRequest,
} from './acquireWalletLease.ts'

/**
 * Extends a held lease to `ttlMs` past the moment the statement holds the row, by the database's
 * clock (`clock_timestamp()`), keeping its token. Only a live
 * lease is renewed: once it has expired, even with nobody else taking it, the holder must
 * acquire again (a new token), because its fenced writes may already have been refused.
 * @throws LeaseLostError when the lease expired or another holder has it.
 */
export async function renewWalletLease(
  store: PgJournalStore,
  request: WalletLeaseRequest & { token: number },
): Promise<WalletLease> {
  checkLeaseTtl(request.ttlMs)
  const address = toWalletKey(request.address)
  const { rows } = await sql<LeaseRow>`
    UPDATE wallet_leases
    SET expires_at = clock_timestamp() + make_interval(secs => ${request.ttlMs}::double precision / 1000)
    WHERE chain_id = ${request.chainId} AND address = ${address} AND holder = ${request.holder}
      AND token = ${request.token} AND expires_at > clock_timestamp()
    RETURNING token, ${EXPIRES_AT_MS} AS expires_at_ms`.execute(store.db)
  const row = rows[0]
  if (row) return { token: row.token, expiresAtMs: row.expires_at_ms }
  const claim = { holder: request.holder, token: request.token }
  throw new LeaseLostError(
    request.chainId,
    address,
    claim,
    await readWalletLease(store.db, request.chainId, address),
  )
}
