import { AddressLookupTableAccount, type Connection, PublicKey } from '@solana/web3.js'

/**
 * Reads address lookup tables in one `getMultipleAccounts` round trip (docs/dln.md §4.10): key →
 * addresses for each table that exists and is a lookup table; a missing account is left out, so
 * the decoder names it unresolved. RPC errors propagate as they are.
 */
export async function readSolanaLookupTables(
  connection: Pick<Connection, 'getMultipleAccountsInfo'>,
  keys: readonly string[],
): Promise<Map<string, PublicKey[]>> {
  const tables = new Map<string, PublicKey[]>()
  if (keys.length === 0) return tables
  const infos = await connection.getMultipleAccountsInfo(keys.map((k) => new PublicKey(k)))
  infos.forEach((info, i) => {
    if (!info || info.data.length < 56) return
    try {
      tables.set(keys[i]!, AddressLookupTableAccount.deserialize(info.data).addresses)
    } catch {
      // Not a lookup table: left unresolved, and named so by the decoder.
    }
  })
  return tables
}
