import type { PublicKey } from '@solana/web3.js'
import { readSolanaAccountsQuorum, type SolanaReadRpc } from './readSolanaAccountsQuorum.ts'
import { lookupTablesOf } from './readSolanaLookupTables.ts'

export type { SolanaReadRpc }

/**
 * Reads address lookup tables through every read RPC of the chain at once (one round trip, in
 * parallel) and accepts the answer only when `quorum` of them (default: a majority) hold the same
 * table accounts, as EVM money-deciding reads do (docs/safety.md P-2.12, readSolanaAccountsQuorum).
 * With one RPC it is that RPC's answer.
 * @throws RpcQuorumError `disagreement` or `unavailable`, naming hosts only.
 */
export async function readSolanaLookupTablesQuorum(
  rpcs: readonly SolanaReadRpc[],
  keys: readonly string[],
  quorum?: number,
): Promise<Map<string, PublicKey[]>> {
  const accounts = await readSolanaAccountsQuorum(rpcs, keys, 'lookup tables', quorum)
  return lookupTablesOf(accounts, keys)
}
