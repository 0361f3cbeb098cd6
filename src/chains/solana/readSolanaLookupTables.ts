import { AddressLookupTableAccount, type Connection, type PublicKey } from '@solana/web3.js'
import type { SolanaAccountReader } from './createSolanaAccountReader.ts'
import { readSolanaAccounts, type SolanaAccountBytes } from './readSolanaAccounts.ts'

/**
 * The address lookup tables among read accounts: key → addresses for each account that is a
 * lookup table; anything else is left out, so the decoder names it unresolved. Pure.
 */
export function lookupTablesOf(
  accounts: ReadonlyMap<string, SolanaAccountBytes>,
  keys: readonly string[],
): Map<string, PublicKey[]> {
  const tables = new Map<string, PublicKey[]>()
  for (const key of keys) {
    const account = accounts.get(key)
    if (!account || account.data.length < 56) continue
    try {
      tables.set(key, AddressLookupTableAccount.deserialize(account.data).addresses)
    } catch {
      // Not a lookup table: left unresolved, and named so by the decoder.
    }
  }
  return tables
}

/**
 * Reads address lookup tables in one `getMultipleAccounts` round trip (docs/dln.md §4.10): key →
 * addresses for each table that exists and is a lookup table; a missing account is left out, so
 * the decoder names it unresolved. RPC errors propagate as they are.
 */
export async function readSolanaLookupTables(
  connection: Pick<Connection, 'getMultipleAccountsInfo'>,
  keys: readonly string[],
): Promise<Map<string, PublicKey[]>> {
  return lookupTablesOf(await readSolanaAccounts(connection, keys), keys)
}

/** Reads address lookup tables by their base58 keys: each table's addresses, in order. */
export type SolanaLookupTableReader = (keys: string[]) => Promise<Map<string, PublicKey[]>>

/**
 * The lookup-table reader over an account reader: the same RPCs and quorum. Orders read their
 * tables through it; cancels read their tables and deBridge's fee accounts together.
 */
export function lookupTableReaderOf(read: SolanaAccountReader): SolanaLookupTableReader {
  return async (keys) => lookupTablesOf(await read(keys, 'lookup tables'), keys)
}
