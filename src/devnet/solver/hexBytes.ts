import type { Hex } from 'viem'

/** The bytes of a 0x-hex string. */
export function hexBytes(hex: Hex): Uint8Array {
  return Uint8Array.from(Buffer.from(hex.slice(2), 'hex'))
}
