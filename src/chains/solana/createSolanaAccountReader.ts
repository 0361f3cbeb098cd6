import { Connection } from '@solana/web3.js'
import type { SolanaAccountBytes } from './readSolanaAccounts.ts'
import { readSolanaAccountsQuorum } from './readSolanaAccountsQuorum.ts'

/** Reads accounts by their base58 keys, `what` naming the read in errors; missing ones left out. */
export type SolanaAccountReader = (
  keys: string[],
  what: string,
) => Promise<Map<string, SolanaAccountBytes>>

/** Where a live Solana chain is read: its read URLs, commitment and quorum. */
export type SolanaReadParams = {
  readUrls: readonly string[]
  commitment: 'confirmed' | 'finalized'
  rpcQuorum?: number | undefined
}

/**
 * The account reader of a live Solana chain: every read URL asked at once, one round trip, the
 * answer taken only under `rpcQuorum` (default a majority; docs/safety.md P-2.12), as other
 * money-deciding reads are. Errors name hosts, never URLs (which may carry credentials).
 */
export function createSolanaAccountReader(params: SolanaReadParams): SolanaAccountReader {
  const rpcs = params.readUrls.map((url) => ({
    host: new URL(url).host,
    connection: new Connection(url, params.commitment),
  }))
  return (keys, what) => readSolanaAccountsQuorum(rpcs, keys, what, params.rpcQuorum)
}
