import { AddressLookupTableAccount, PublicKey, type VersionedTransaction } from '@solana/web3.js'
import type { LiteSVM } from 'litesvm'
import { StandInError } from './StandInProgram.ts'

/** The account keys of a transaction in message order, with the lookup tables it loads. */
export type ResolvedTxKeys = {
  keys: PublicKey[]
  tables: AddressLookupTableAccount[]
}

/**
 * Resolves a transaction's account keys against the lookup-table accounts the devnet holds, as a
 * validator does: static keys, then every table's writable indexes, then its readonly ones.
 * Errors carry the validator's wording.
 */
export function resolveTxAccountKeys(svm: LiteSVM, tx: VersionedTransaction): ResolvedTxKeys {
  const message = tx.message
  const tables: AddressLookupTableAccount[] = []
  const writable: PublicKey[] = []
  const readonly: PublicKey[] = []
  for (const lookup of message.addressTableLookups) {
    const account = svm.getAccount(lookup.accountKey)
    if (!account || account.lamports === 0) {
      throw new StandInError("Transaction loads an address table account that doesn't exist")
    }
    let table: AddressLookupTableAccount
    try {
      table = new AddressLookupTableAccount({
        key: lookup.accountKey,
        state: AddressLookupTableAccount.deserialize(account.data),
      })
    } catch {
      throw new StandInError('Transaction loads an address table account with an invalid owner')
    }
    const pick = (index: number): PublicKey => {
      const key = table.state.addresses[index]
      if (!key) throw new StandInError('Transaction address table lookup uses an invalid index')
      return new PublicKey(key)
    }
    writable.push(...lookup.writableIndexes.map(pick))
    readonly.push(...lookup.readonlyIndexes.map(pick))
    tables.push(table)
  }
  return { keys: [...message.staticAccountKeys, ...writable, ...readonly], tables }
}
