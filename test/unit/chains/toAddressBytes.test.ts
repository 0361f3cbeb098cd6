import { describe, expect, test } from 'vitest'
import { decodeBase58, encodeBase58 } from '../../../src/chains/base58.ts'
import { toAddressBytes } from '../../../src/chains/toAddressBytes.ts'

describe('toAddressBytes', () => {
  test('default: EVM hex becomes its 20 lower-case bytes', () => {
    expect(toAddressBytes('0x55A8f5cce1d53D9Ff84EC0962882b447E5914dB8', 1)).toBe(
      '0x55a8f5cce1d53d9ff84ec0962882b447e5914db8',
    )
  })

  test('behavior: Solana base58 keys become 32 bytes, the system program all zeros', () => {
    expect(toAddressBytes('11111111111111111111111111111111', 7565164)).toBe(`0x${'00'.repeat(32)}`)
    expect(toAddressBytes('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 7565164)).toHaveLength(66)
  })

  test('behavior: TRON base58 drops the 0x41 prefix and checksum', () => {
    // USDT on TRON; its hex form is 41a614f803b6fd780986a42c78ec9c7f77e6ded13c.
    expect(toAddressBytes('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 100000026)).toBe(
      '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c',
    )
  })

  test('behavior: rejects an address of the wrong family', () => {
    expect(() => toAddressBytes('0x1234', 1)).toThrow(TypeError)
    expect(() => toAddressBytes('0x55A8f5cce1d53D9Ff84EC0962882b447E5914dB8', 7565164)).toThrow()
  })

  test('behavior: base58 round-trips, keeping leading zero bytes', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255])
    expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes)
  })
})
