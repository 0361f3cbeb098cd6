import { PublicKey } from '@solana/web3.js'
import { bytesToHex, type Hex, hexToBytes } from 'viem'

/**
 * A truncated or malformed Borsh value: `at` is the byte offset and `field` the argument being
 * read, so a refusal can name its subject (docs/dln.md §4.10).
 */
export class BorshDecodeError extends Error {
  override name = 'BorshDecodeError'
  constructor(
    readonly field: string,
    readonly at: number,
    detail: string,
  ) {
    super(`${field} at byte ${at}: ${detail}`)
  }
}

/** Reads Borsh values in order (little-endian integers, u32-length-prefixed bytes, u8 option tag). */
export type BorshReader = {
  u8(field: string): number
  u16(field: string): number
  u32(field: string): number
  u64(field: string): bigint
  /** A fixed array of `n` bytes, as 0x-hex. */
  fixed(field: string, n: number): Hex
  /** `Vec<u8>` (Anchor's `bytes`), as 0x-hex. */
  bytes(field: string): Hex
  publicKey(field: string): PublicKey
  option<T>(field: string, read: () => T): T | undefined
  /** Throws unless every byte was read. */
  end(): void
}

/** A {@link BorshReader} over `data`. */
export function borshReader(data: Uint8Array): BorshReader {
  const view = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  let at = 0
  const take = (field: string, n: number): Buffer => {
    if (at + n > view.length) {
      throw new BorshDecodeError(
        field,
        at,
        `needs ${n} bytes, ${view.length - at} left (truncated)`,
      )
    }
    const out = view.subarray(at, at + n)
    at += n
    return out
  }
  const reader: BorshReader = {
    u8: (field) => take(field, 1).readUInt8(0),
    u16: (field) => take(field, 2).readUInt16LE(0),
    u32: (field) => take(field, 4).readUInt32LE(0),
    u64: (field) => take(field, 8).readBigUInt64LE(0),
    fixed: (field, n) => bytesToHex(take(field, n)),
    bytes: (field) => bytesToHex(take(field, reader.u32(field))),
    publicKey: (field) => new PublicKey(take(field, 32)),
    option: (field, read) => {
      const tag = reader.u8(field)
      if (tag === 0) return undefined
      if (tag !== 1) throw new BorshDecodeError(field, at - 1, `option tag ${tag} is not 0 or 1`)
      return read()
    },
    end: () => {
      if (at !== view.length) {
        throw new BorshDecodeError('(end)', at, `${view.length - at} bytes after the arguments`)
      }
    },
  }
  return reader
}

/** Writes Borsh values in order; `done()` returns the bytes. */
export type BorshWriter = {
  u8(v: number): BorshWriter
  u16(v: number): BorshWriter
  u32(v: number): BorshWriter
  u64(v: bigint): BorshWriter
  /** Exactly `n` bytes of 0x-hex. */
  fixed(v: Hex, n: number): BorshWriter
  bytes(v: Hex): BorshWriter
  raw(v: Uint8Array): BorshWriter
  publicKey(v: PublicKey | string): BorshWriter
  option<T>(v: T | undefined, write: (v: T) => void): BorshWriter
  done(): Buffer
}

/** A fresh {@link BorshWriter}. */
export function borshWriter(): BorshWriter {
  const parts: Buffer[] = []
  const push = (b: Buffer): BorshWriter => {
    parts.push(b)
    return w
  }
  const w: BorshWriter = {
    u8: (v) => push(Buffer.from([v])),
    u16: (v) => {
      const b = Buffer.alloc(2)
      b.writeUInt16LE(v)
      return push(b)
    },
    u32: (v) => {
      const b = Buffer.alloc(4)
      b.writeUInt32LE(v)
      parts.push(b)
      return w
    },
    u64: (v) => {
      const b = Buffer.alloc(8)
      b.writeBigUInt64LE(v)
      parts.push(b)
      return w
    },
    fixed: (v, n) => {
      const b = hexToBytes(v)
      if (b.length !== n) throw new RangeError(`expected ${n} bytes, got ${b.length}`)
      parts.push(Buffer.from(b))
      return w
    },
    bytes: (v) => {
      const b = hexToBytes(v)
      w.u32(b.length)
      parts.push(Buffer.from(b))
      return w
    },
    raw: (v) => push(Buffer.from(v)),
    publicKey: (v) => push(new PublicKey(v).toBuffer()),
    option: (v, write) => {
      if (v === undefined) return w.u8(0)
      w.u8(1)
      write(v)
      return w
    },
    done: () => Buffer.concat(parts),
  }
  return w
}
