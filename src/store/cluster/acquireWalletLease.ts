import { sql } from 'kysely'
import { JournalError } from '../contract/JournalError.ts'
import { toWalletKey } from '../contract/toWalletKey.ts'
import type { PgJournalStore } from '../pg/openPgJournal.ts'
import { EXPIRES_AT_MS, readWalletLease } from '../pg/readWalletLease.ts'
import { LeaseHeldError } from './LeaseHeldError.ts'

/** What a lease call names: one wallet on one chain, and who asks. */
export type WalletLeaseRequest = {
  chainId: number
  /** The sending address; EVM addresses are compared lower-cased. */
  address: string
  /** This process's holder id: unique per process (e.g. host, pid and a random part). */
  holder: string
  /** How long the lease lasts unless renewed, ms, counted by the database's clock. */
  ttlMs: number
}

/** A held lease: the fencing token every fenced write must carry, and its expiry. */
export type WalletLease = {
  /** Grows at every change of holder (and at a holder's return after expiry); never reused. */
  token: number
  /** Expiry by the database's clock, ms since the epoch. */
  expiresAtMs: number
}

/** A lease statement's RETURNING row: the token and {@link EXPIRES_AT_MS}. */
export type LeaseRow = { token: number; expires_at_ms: number }

/** Refuses a ttl that is not a positive whole number of ms. */
export function checkLeaseTtl(ttlMs: number): void {
  if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0) {
    throw new JournalError('a wallet lease needs a positive whole ttl in ms', {
      metaMessages: [`ttlMs: ${ttlMs}`],
    })
  }
}

/**
 * Takes the lease of one wallet on one chain for `holder` (docs/architecture.md §5), in one
 * statement, by the database's clock at the moment it holds the row (`clock_timestamp()`), never
 * the hosts'. A wait on the row is cut at the session's `lock_timeout` (a quarter TTL on a
 * cluster's pool), which fails the call; the caller tries again next turn:
 * - no lease row yet: created with token 1;
 * - expired (whoever held it): taken over, token + 1;
 * - held by this holder and live: extended, same token (re-acquiring is idempotent);
 * - held by another holder and live: refused.
 * Two processes racing for one wallet serialise on its row: exactly one wins.
 * @throws LeaseHeldError naming the wallet, the holder and its expiry.
 */
export async function acquireWalletLease(
  store: PgJournalStore,
  request: WalletLeaseRequest,
): Promise<WalletLease> {
  checkLeaseTtl(request.ttlMs)
  const address = toWalletKey(request.address)
  // clock_timestamp(), not now(): a statement that waited on the row judges and sets the expiry
  // at the moment it holds the row, never from its start (docs/architecture.md §5).
  const expiry = sql`clock_timestamp() + make_interval(secs => ${request.ttlMs}::double precision / 1000)`
  const { rows } = await sql<LeaseRow>`
    INSERT INTO wallet_leases AS l (chain_id, address, holder, token, acquired_at, expires_at)
    VALUES (${request.chainId}, ${address}, ${request.holder}, 1, clock_timestamp(), ${expiry})
    ON CONFLICT (chain_id, address) DO UPDATE SET
      token = CASE WHEN l.holder = excluded.holder AND l.expires_at > clock_timestamp()
        THEN l.token ELSE l.token + 1 END,
      acquired_at = CASE WHEN l.holder = excluded.holder AND l.expires_at > clock_timestamp()
        THEN l.acquired_at ELSE clock_timestamp() END,
      holder = excluded.holder,
      expires_at = ${expiry}
    WHERE l.expires_at <= clock_timestamp() OR l.holder = excluded.holder
    RETURNING token, ${EXPIRES_AT_MS} AS expires_at_ms`.execute(store.db)
  const row = rows[0]
  if (row) return { token: row.token, expiresAtMs: row.expires_at_ms }
  const seen = await readWalletLease(store.db, request.chainId, address)
  // A release between the refusal and this read leaves no live holder to name: still refused,
  // the caller tries again on its next turn.
  throw new LeaseHeldError(
    request.chainId,
    address,
    seen?.holder ?? 'nobody (released meanwhile)',
    seen?.expiresAtMs ?? 0,
  )
}
