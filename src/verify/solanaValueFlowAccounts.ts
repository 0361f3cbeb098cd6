import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { AddressLookupTableAccount, PublicKey, type VersionedTransaction } from '@solana/web3.js'
import { SOLANA_NATIVE_TOKEN } from '../api/requests/addressRules.ts'
import type { OrderIntent } from './orderIntent.ts'

/**
 * The accounts whose before/after the value-flow judge compares (docs/safety.md P-8.9): our
 * wallet, our token account of the give mint, and every account the transaction may write
 * (lookup tables resolved), since only those can change and any of them may turn out to be ours.
 * Our wallet first, no duplicates.
 */
export function solanaValueFlowAccounts(
  tx: VersionedTransaction,
  lookupTables: ReadonlyMap<string, PublicKey[]>,
  intent: Pick<OrderIntent, 'sender' | 'tokenIn'>,
): PublicKey[] {
  const message = tx.message
  const keys = message.getAccountKeys({
    addressLookupTableAccounts: message.addressTableLookups.map(
      (l) =>
        new AddressLookupTableAccount({
          key: l.accountKey,
          state: {
            addresses: lookupTables.get(l.accountKey.toBase58()) ?? [],
            deactivationSlot: 2n ** 64n - 1n,
            lastExtendedSlot: 0,
            lastExtendedSlotStartIndex: 0,
          },
        }),
    ),
  })
  const wallet = new PublicKey(intent.sender)
  const out = [wallet]
  if (intent.tokenIn !== SOLANA_NATIVE_TOKEN) {
    out.push(getAssociatedTokenAddressSync(new PublicKey(intent.tokenIn), wallet, true))
  }
  for (let i = 0; i < keys.length; i++) {
    const key = keys.get(i)
    if (key && message.isAccountWritable(i) && !out.some((k) => k.equals(key))) out.push(key)
  }
  return out
}
