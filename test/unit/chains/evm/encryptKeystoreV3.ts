import { createCipheriv, pbkdf2Sync, randomBytes, scryptSync } from 'node:crypto'
import { type Hex, keccak256 } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'

/**
 * Test helper: writes a v3 keystore (the geth format) for `privateKey`, with a cheap KDF so tests
 * stay fast. Not for real keys.
 */
export function encryptKeystoreV3(
  privateKey: Hex,
  password: string,
  kdf: 'scrypt' | 'pbkdf2' = 'scrypt',
): string {
  const salt = randomBytes(32)
  const iv = randomBytes(16)
  const derived =
    kdf === 'scrypt'
      ? scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 })
      : pbkdf2Sync(password, salt, 1000, 32, 'sha256')
  const cipher = createCipheriv('aes-128-ctr', derived.subarray(0, 16), iv)
  const ciphertext = Buffer.concat([
    cipher.update(Buffer.from(privateKey.slice(2), 'hex')),
    cipher.final(),
  ])
  const mac = keccak256(Buffer.concat([derived.subarray(16, 32), ciphertext])).slice(2)
  const kdfparams =
    kdf === 'scrypt'
      ? { dklen: 32, n: 1024, r: 8, p: 1, salt: salt.toString('hex') }
      : { dklen: 32, c: 1000, prf: 'hmac-sha256', salt: salt.toString('hex') }
  return JSON.stringify({
    version: 3,
    id: '00000000-0000-4000-8000-000000000000',
    address: privateKeyToAddress(privateKey).slice(2).toLowerCase(),
    crypto: {
      cipher: 'aes-128-ctr',
      cipherparams: { iv: iv.toString('hex') },
      ciphertext: ciphertext.toString('hex'),
      kdf,
      kdfparams,
      mac,
    },
  })
}
