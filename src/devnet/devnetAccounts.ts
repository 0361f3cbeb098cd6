import { createHash } from 'node:crypto'
import { Keypair } from '@solana/web3.js'
import type { HDAccount } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** The well-known anvil/hardhat test mnemonic. Public: never hold real funds with it. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'

/** The devnet's EVM roles, as indices of {@link ANVIL_MNEMONIC}. */
export const EVM_ROLES = { deployer: 0, user: 1, solver: 2, treasury: 3 } as const

/** A public test key of the devnet (EVM): the account and its private key as hex. */
export type DevnetEvmAccount = {
  address: `0x${string}`
  privateKey: `0x${string}`
  account: HDAccount
}

/** The devnet's EVM account of a role, derived from the public test mnemonic. */
export function devnetEvmAccount(role: keyof typeof EVM_ROLES): DevnetEvmAccount {
  const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: EVM_ROLES[role] })
  const key = account.getHdKey().privateKey
  if (!key) throw new Error('mnemonic gave no private key')
  return { address: account.address, privateKey: `0x${Buffer.from(key).toString('hex')}`, account }
}

/**
 * The devnet's fixed Solana keypair of a role: derived from a public seed text, so it is the
 * same on every machine. Public: never hold real funds with it.
 */
export function devnetSolanaKeypair(role: 'user' | 'solver' | 'treasury'): Keypair {
  const seed = createHash('sha256').update(`ferry devnet solana ${role}`).digest()
  return Keypair.fromSeed(seed)
}
