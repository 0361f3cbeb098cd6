import type { BytesValue } from '../../api/schemas/bytesValue.ts'
import { hexToBytes } from './addressBytes.ts'

/**
 * Encodes a 0x hash as the stats service's bytes-value object (docs/service.md §2.1, docs/dln.md §3.2):
 * base64 of the bytes, the byte array as JSON text (`[1,2,…]`), and the 0x hex itself.
 */
export function toBytesValue(hex: string): BytesValue {
  const bytes = hexToBytes(hex)
  return {
    bytesValue: Buffer.from(bytes).toString('base64'),
    bytesArrayValue: JSON.stringify(Array.from(bytes)),
    stringValue: hex.toLowerCase(),
  }
}
