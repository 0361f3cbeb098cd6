import { type PublicKey, VersionedTransaction } from '@solana/web3.js'
import { type Hex, hexToBytes } from 'viem'
import { VerificationError } from '../../common/VerificationError.ts'

/**
 * Reads one address lookup table: its addresses, or undefined when the account does not exist.
 * Over RPC: `(key) => connection.getAddressLookupTable(key).then((r) => r.value?.state.addresses)`.
 */
export type SolanaLookupTableResolver = (key: PublicKey) => Promise<PublicKey[] | undefined>

/**
 * Resolves every address lookup table a serialized transaction uses, so the verifier sees the
 * real program and account keys (safety P-1.7). A table that cannot be read is left out; the
 * decoder then refuses the transaction naming it. No RPC call when the message uses none.
 * Bytes that do not deserialize are a {@link VerificationError} at `tx.data`; resolver (RPC)
 * errors propagate as they are.
 */
export async function loadSolanaLookupTables(
  txData: Hex,
  resolve: SolanaLookupTableResolver,
): Promise<Map<string, PublicKey[]>> {
  let tx: VersionedTransaction
  try {
    tx = VersionedTransaction.deserialize(hexToBytes(txData))
  } catch (error) {
    throw new VerificationError(
      'tx.data',
      'a serialized Solana transaction',
      `${txData.slice(0, 18)}…`,
      `does not decode: ${(error as Error).message.split('\n')[0]}`,
    )
  }
  const tables = new Map<string, PublicKey[]>()
  for (const lookup of tx.message.addressTableLookups) {
    const addresses = await resolve(lookup.accountKey)
    if (addresses) tables.set(lookup.accountKey.toBase58(), addresses)
  }
  return tables
}
