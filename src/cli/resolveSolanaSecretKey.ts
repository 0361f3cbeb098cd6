import { readFileSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { Keypair } from '@solana/web3.js'
import { decodeBase58 } from '../chains/base58.ts'
import { UsageError } from '../common/UsageError.ts'
import type { EnvMap } from '../settings/substituteEnv.ts'
import type { WalletSettings } from '../settings/walletSettingsSchema.ts'

/**
 * The Solana secret key of `wallets.solana` (docs/safety.md §5): the base58 64-byte secret in the env var
 * named by `secretKeyEnv`, or a solana-keygen JSON file at `keypairPath` (relative to the config
 * file's directory) that only its owner may read (P-5.4). The key must derive to
 * `wallets.solana.address` (P-1.9). Never logged; errors name the key or the file, not the secret.
 * @throws UsageError naming the setting at fault and the fix.
 */
export function resolveSolanaSecretKey(
  wallet: Readonly<NonNullable<WalletSettings['solana']>>,
  env: EnvMap,
  configPath: string,
): Uint8Array {
  let secretKey: Uint8Array
  if (wallet.secretKeyEnv !== undefined) {
    const text = env[wallet.secretKeyEnv]
    if (!text) {
      throw new UsageError(
        wallet.secretKeyEnv,
        'the env var named by wallets.solana.secretKeyEnv is not set',
        `export ${wallet.secretKeyEnv}=<base58 secret key> (or put it in .env, mode 0600)`,
      )
    }
    try {
      secretKey = decodeBase58(text.trim())
    } catch {
      throw new UsageError(
        wallet.secretKeyEnv,
        'is not base58',
        'give the 64-byte secret in base58',
      )
    }
  } else {
    const path = resolve(dirname(resolve(configPath)), wallet.keypairPath ?? '')
    let mode: number
    try {
      mode = statSync(path).mode
    } catch (error) {
      throw new UsageError(
        'wallets.solana.keypairPath',
        `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`,
        'give the path of a solana-keygen JSON file, relative to the config file',
      )
    }
    if ((mode & 0o077) !== 0) {
      throw new UsageError(
        'wallets.solana.keypairPath',
        `${path} is readable by others (mode ${(mode & 0o777).toString(8)})`,
        `chmod 600 ${path}`,
      )
    }
    try {
      secretKey = Uint8Array.from(JSON.parse(readFileSync(path, 'utf8')) as number[])
    } catch {
      throw new UsageError(
        'wallets.solana.keypairPath',
        'is not a solana-keygen JSON array of 64 numbers',
        'create it with solana-keygen new --outfile <path>',
      )
    }
  }
  if (secretKey.length !== 64) {
    throw new UsageError(
      'wallets.solana',
      'the secret key is not 64 bytes',
      'give the full keypair',
    )
  }
  let derived: string
  try {
    derived = Keypair.fromSecretKey(secretKey).publicKey.toBase58()
  } catch {
    throw new UsageError(
      'wallets.solana',
      'the secret key is not a valid keypair',
      'give the full keypair',
    )
  }
  if (derived !== wallet.address) {
    throw new UsageError(
      'wallets.solana.address',
      `the key derives to ${derived}, not to the configured address`,
      'set wallets.solana.address to the key’s public key, or give the right key',
    )
  }
  return secretKey
}
