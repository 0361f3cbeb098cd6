const EVM_ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/

/**
 * The form an address is stored and compared in: EVM addresses lower-cased (checksum case is
 * presentation, and one wallet must map to one lock row, P-2.4); Solana base58 is case-sensitive
 * and kept as is.
 */
export function toWalletKey(address: string): string {
  return EVM_ADDRESS_RE.test(address) ? address.toLowerCase() : address
}
