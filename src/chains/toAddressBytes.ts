import { bytesToHex, type Hex } from 'viem'
import { addressFamilyOf, type ChainId } from '../api/schemas/chainId.ts'
import { decodeBase58 } from './base58.ts'

/**
 * The bytes an address occupies in a DLN order (docs/dln.md §4.2, §4.4): 20 bytes for EVM hex,
 * the 32 decoded bytes of a Solana base58 key, and for TRON the 20-byte body of a base58 `T…`
 * address (its 0x41 prefix and 4-byte checksum dropped, as TVM contracts see it) or of hex.
 * Output is lower-case 0x hex. Throws a TypeError when the address does not fit the chain.
 */
export function toAddressBytes(address: string, chainId: ChainId): Hex {
  const family = addressFamilyOf(chainId)
  if (address.startsWith('0x') && family !== 'solana') {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new TypeError(`not an EVM address: ${address}`)
    return address.toLowerCase() as Hex
  }
  const bytes = decodeBase58(address)
  if (family === 'solana') {
    if (bytes.length !== 32) throw new TypeError(`not a 32-byte Solana key: ${address}`)
    return bytesToHex(bytes)
  }
  if (family === 'tron' && bytes.length === 25 && bytes[0] === 0x41) {
    return bytesToHex(bytes.slice(1, 21))
  }
  throw new TypeError(`${address} is not an address of chain ${chainId}`)
}
