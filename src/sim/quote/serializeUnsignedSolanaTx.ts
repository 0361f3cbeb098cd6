import { bytesToHex, concatHex, type Hex, numberToHex, size, toHex } from 'viem'
import { decodeBase58 } from '../../chains/base58.ts'

/** One instruction of a Solana transaction; accounts are indices into the message's keys. */
export type SolanaInstruction = { programIndex: number; accountIndices: number[]; data: Hex }

/** An unsigned Solana v0 message with no address lookup tables. */
export type UnsignedSolanaTx = {
  /** Account keys (base58), ordered as the message header requires. */
  accountKeys: string[]
  numRequiredSignatures: number
  numReadonlySigned: number
  numReadonlyUnsigned: number
  /** base58; the client replaces it with a fresh one before signing (docs/dln.md §1.4). */
  recentBlockhash: string
  instructions: SolanaInstruction[]
}

// Solana's compact-u16 ("shortvec"): 7 bits per byte, low bits first, high bit = more.
const shortVec = (n: number): Hex => {
  const bytes: number[] = []
  let rest = n
  do {
    let byte = rest & 0x7f
    rest >>= 7
    if (rest > 0) byte |= 0x80
    bytes.push(byte)
  } while (rest > 0)
  return bytesToHex(Uint8Array.from(bytes))
}

const key = (base58: string): Hex => {
  const bytes = decodeBase58(base58)
  if (bytes.length !== 32) throw new TypeError(`not a 32-byte Solana key: ${base58}`)
  return bytesToHex(bytes)
}

/**
 * Serializes an unsigned VersionedTransaction (v0 message) in Solana's wire format, as
 * `VersionedTransaction.serialize()` of @solana/web3.js does: shortvec signature count, one
 * all-zero 64-byte signature per required signer, then the message: 0x80 (version 0), the 3-byte
 * header, shortvec account keys, 32-byte recent blockhash, shortvec instructions (program index,
 * shortvec account indices, shortvec data) and an empty lookup-table list.
 */
export function serializeUnsignedSolanaTx(tx: UnsignedSolanaTx): Hex {
  const instructions = tx.instructions.map((ix) =>
    concatHex([
      numberToHex(ix.programIndex, { size: 1 }),
      shortVec(ix.accountIndices.length),
      ...ix.accountIndices.map((i) => numberToHex(i, { size: 1 })),
      shortVec(size(ix.data)),
      ix.data,
    ]),
  )
  const message = concatHex([
    '0x80',
    numberToHex(tx.numRequiredSignatures, { size: 1 }),
    numberToHex(tx.numReadonlySigned, { size: 1 }),
    numberToHex(tx.numReadonlyUnsigned, { size: 1 }),
    shortVec(tx.accountKeys.length),
    ...tx.accountKeys.map(key),
    key(tx.recentBlockhash),
    shortVec(instructions.length),
    ...instructions,
    shortVec(0),
  ])
  const signatures = toHex(new Uint8Array(64 * tx.numRequiredSignatures))
  return concatHex([shortVec(tx.numRequiredSignatures), signatures, message])
}
