import { createPublicKey, verify } from 'node:crypto'
import type { VersionedTransaction } from '@solana/web3.js'

/**
 * Whether every required signature of a transaction is a valid ed25519 signature of its message by
 * the matching static key (what a validator's sigverify checks), with node's own ed25519.
 */
export function verifyTxSignatures(tx: VersionedTransaction): boolean {
  const message = tx.message.serialize()
  const signers = tx.message.header.numRequiredSignatures
  for (let i = 0; i < signers; i++) {
    const signature = tx.signatures[i]
    const key = tx.message.staticAccountKeys[i]
    if (!signature || !key) return false
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key.toBytes()).toString('base64url') },
      format: 'jwk',
    })
    if (!verify(null, message, publicKey, signature)) return false
  }
  return true
}
