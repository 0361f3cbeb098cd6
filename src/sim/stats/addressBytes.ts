import { decodeBase58 } from '../../chains/base58.ts'

/**
 * The bytes of an address as the stats service encodes them (docs/service.md §2.2): the 20 bytes of an EVM
 * hex address, or the decoded bytes of a base58 (Solana, TRON) address.
 */
export function addressBytes(address: string): Uint8Array {
  return address.startsWith('0x') ? hexToBytes(address) : decodeBase58(address)
}

/** Bytes of 0x-prefixed hex. */
export function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex.slice(2), 'hex'))
}
