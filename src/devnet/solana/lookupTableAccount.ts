import { PublicKey } from '@solana/web3.js'
import type { AccountInfoBytes } from 'litesvm'

/** The address lookup table program, owner of every table. */
export const ADDRESS_LOOKUP_TABLE_PROGRAM = new PublicKey(
  'AddressLookupTab1e1111111111111111111111111',
)
// LookupTableMeta: u32 type (1 = table), u64 deactivation slot, u64 last extended slot, u8 start
// index, Option<Pubkey> authority, u16 padding; the addresses follow at byte 56.
const META_SIZE = 56

/**
 * An active, frozen (no authority) address lookup table account holding `addresses`, in the
 * layout of Solana's address-lookup-table program, as web3.js's
 * `AddressLookupTableAccount.deserialize` reads it. `rentLamports` makes it rent-exempt.
 */
export function lookupTableAccount(
  addresses: PublicKey[],
  rentLamports: (size: number) => number,
): AccountInfoBytes {
  const data = Buffer.alloc(META_SIZE + 32 * addresses.length)
  data.writeUInt32LE(1, 0)
  data.writeBigUInt64LE(2n ** 64n - 1n, 4)
  addresses.forEach((a, i) => {
    data.set(a.toBytes(), META_SIZE + 32 * i)
  })
  return {
    lamports: rentLamports(data.length),
    data,
    owner: ADDRESS_LOOKUP_TABLE_PROGRAM,
    executable: false,
  }
}
