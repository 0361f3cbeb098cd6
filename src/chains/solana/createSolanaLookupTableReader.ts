import { Connection, type PublicKey } from '@solana/web3.js'
import { readSolanaLookupTablesQuorum } from './readSolanaLookupTablesQuorum.ts'

/** Reads address lookup tables by their base58 keys: each table's addresses, in order. */
export type SolanaLookupTableReader = (keys: string[]) => Promise<Map<string, PublicKey[]>>

/**
 * The lookup-table reader of a live Solana chain: every read URL asked at once, one round trip,
 * the answer taken only under `rpcQuorum` (default a majority; docs/safety.md P-2.12), as other
 * money-deciding reads are. Orders and cancels both read their tables through it. Errors name
 * hosts, never URLs (which may carry credentials).
 */
export function createSolanaLookupTableReader(params: {
  readUrls: readonly string[]
  commitment: 'confirmed' | 'finalized'
  rpcQuorum?: number | undefined
}): SolanaLookupTableReader {
  const rpcs = params.readUrls.map((url) => ({
    host: new URL(url).host,
    connection: new Connection(url, params.commitment),
  }))
  return (keys) => readSolanaLookupTablesQuorum(rpcs, keys, params.rpcQuorum)
}
