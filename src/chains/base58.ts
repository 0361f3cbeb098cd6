const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Encodes bytes as base58 (Bitcoin alphabet, as Solana and TRON write addresses). */
export function encodeBase58(bytes: Uint8Array): string {
  let value = 0n
  for (const b of bytes) value = value * 256n + BigInt(b)
  let text = ''
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text
    value /= 58n
  }
  // Each leading zero byte is written as one '1', otherwise they would vanish in the bigint.
  for (const b of bytes) {
    if (b !== 0) break
    text = `1${text}`
  }
  return text
}

/** Decodes base58 text into bytes. Throws a TypeError on a character outside the alphabet. */
export function decodeBase58(text: string): Uint8Array {
  let value = 0n
  for (const ch of text) {
    const digit = ALPHABET.indexOf(ch)
    if (digit < 0) throw new TypeError(`not base58: "${ch}" in ${text}`)
    value = value * 58n + BigInt(digit)
  }
  const out: number[] = []
  while (value > 0n) {
    out.unshift(Number(value % 256n))
    value /= 256n
  }
  for (const ch of text) {
    if (ch !== '1') break
    out.unshift(0)
  }
  return Uint8Array.from(out)
}
