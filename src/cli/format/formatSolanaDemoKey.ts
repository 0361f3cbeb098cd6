import { encodeBase58 } from '../../chains/base58.ts'

/**
 * The `ferry devnet` line of the Solana demo user: its address and its 64-byte secret key in
 * base58, the form `wallets.solana.secretKeyEnv` takes (docs/configuration.md), so it can be
 * pasted into the environment as printed.
 */
export function formatSolanaDemoKey(address: string, secretKey: Uint8Array): string {
  return `Solana demo user ${address}  secret key (base58) ${encodeBase58(secretKey)}`
}
