import { createDecipheriv, pbkdf2Sync, scryptSync } from 'node:crypto'
import { bytesToHex, type Hex, keccak256 } from 'viem'
import { FerryError } from '../../common/FerryError.ts'

/** Largest scrypt cost ferry accepts: the geth default (2^18); more is a typo or an attack. */
const MAX_SCRYPT_N = 1 << 18

/**
 * Decrypts an Ethereum keystore v3 file (Web3 Secret Storage: scrypt or pbkdf2-hmac-sha256 key
 * derivation, aes-128-ctr, keccak256 MAC) into the private key. The MAC is checked before the
 * key is used, so a wrong password is a clean error. Errors never quote the password, the
 * derived key or the ciphertext (safety P-5.3); they say which part of the file is wrong.
 * @returns the 32-byte private key as 0x hex
 */
export function decryptKeystoreV3(keystoreJson: string, password: string): Hex {
  const fail = (problem: string): FerryError =>
    new FerryError(`keystore: ${problem}`, {
      metaMessages: ['fix: check the keystore file and its password (not shown)'],
    })
  let file: unknown
  try {
    file = JSON.parse(keystoreJson)
  } catch {
    throw fail('not JSON')
  }
  const root = file as { version?: number; crypto?: unknown; Crypto?: unknown }
  if (root.version !== 3) throw fail('only version 3 is supported')
  const c = (root.crypto ?? root.Crypto) as
    | {
        cipher?: string
        ciphertext?: string
        cipherparams?: { iv?: string }
        kdf?: string
        kdfparams?: Record<string, unknown>
        mac?: string
      }
    | undefined
  if (c?.cipher !== 'aes-128-ctr') throw fail('cipher must be aes-128-ctr')
  const hex = (v: unknown, what: string): Buffer => {
    if (typeof v !== 'string' || !/^(0x)?[0-9a-fA-F]*$/.test(v)) throw fail(`${what} is not hex`)
    return Buffer.from(v.replace(/^0x/, ''), 'hex')
  }
  const ciphertext = hex(c.ciphertext, 'ciphertext')
  const iv = hex(c.cipherparams?.iv, 'iv')
  const mac = hex(c.mac, 'mac')
  const p = c.kdfparams ?? {}
  const salt = hex(p.salt, 'kdfparams.salt')
  const dklen = Number(p.dklen)
  if (dklen !== 32) throw fail('kdfparams.dklen must be 32')
  let derived: Buffer
  if (c.kdf === 'scrypt') {
    const n = Number(p.n)
    const r = Number(p.r)
    const pp = Number(p.p)
    if (!Number.isInteger(n) || n < 2 || n > MAX_SCRYPT_N || (n & (n - 1)) !== 0) {
      throw fail('kdfparams.n must be a power of two up to 2^18')
    }
    derived = scryptSync(password, salt, dklen, {
      N: n,
      r,
      p: pp,
      // node's default 32 MiB is below what geth's standard parameters need (128·N·r bytes).
      maxmem: 256 * n * r + 1024 * 1024,
    })
  } else if (c.kdf === 'pbkdf2') {
    if (p.prf !== 'hmac-sha256') throw fail('kdfparams.prf must be hmac-sha256')
    derived = pbkdf2Sync(password, salt, Number(p.c), dklen, 'sha256')
  } else {
    throw fail('kdf must be scrypt or pbkdf2')
  }
  const expectedMac = keccak256(Buffer.concat([derived.subarray(16, 32), ciphertext]))
  if (expectedMac.slice(2) !== mac.toString('hex').toLowerCase()) {
    throw fail('MAC mismatch (wrong password or corrupted file)')
  }
  const decipher = createDecipheriv('aes-128-ctr', derived.subarray(0, 16), iv)
  const key = Buffer.concat([decipher.update(ciphertext), decipher.final()])
  derived.fill(0)
  if (key.length !== 32) throw fail('the decrypted key is not 32 bytes')
  const out = bytesToHex(key)
  key.fill(0)
  return out
}
