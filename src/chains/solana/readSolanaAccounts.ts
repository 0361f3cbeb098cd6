import { type Connection, PublicKey } from '@solana/web3.js'

/** An account's bytes as ferry reads them: its owner (base58) and data. */
export type SolanaAccountBytes = { owner: string; data: Uint8Array }

/**
 * Reads accounts in one `getMultipleAccounts` round trip: key → owner and data for each that
 * exists; a missing account is left out, for the caller to name. RPC errors propagate as they are.
 */
export async function readSolanaAccounts(
  connection: Pick<Connection, 'getMultipleAccountsInfo'>,
  keys: readonly string[],
): Promise<Map<string, SolanaAccountBytes>> {
  const accounts = new Map<string, SolanaAccountBytes>()
  if (keys.length === 0) return accounts
  const infos = await connection.getMultipleAccountsInfo(keys.map((k) => new PublicKey(k)))
  infos.forEach((info, i) => {
    if (info) accounts.set(keys[i]!, { owner: info.owner.toBase58(), data: info.data })
  })
  return accounts
}
