import type { AddressObject } from '../../api/schemas/addressObject.ts'
import { addressBytes } from './addressBytes.ts'

/**
 * Encodes an address as the stats service's address object (docs/service.md §2.2): `Base64Value` (capital
 * B, as the service spells it) and the byte array of the address bytes, and the address text as
 * given (EVM hex or base58).
 */
export function toAddressObject(address: string): AddressObject {
  const bytes = addressBytes(address)
  return {
    Base64Value: Buffer.from(bytes).toString('base64'),
    bytesArrayValue: JSON.stringify(Array.from(bytes)),
    stringValue: address,
  }
}
