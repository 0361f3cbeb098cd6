import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { EvmKeySource } from '../chains/evm/createEvmSigner.ts'
import { UsageError } from '../common/UsageError.ts'
import type { EnvMap } from '../settings/substituteEnv.ts'
import type { WalletSettings } from '../settings/walletSettingsSchema.ts'

/**
 * Where the EVM key of `wallets.evm` comes from (docs/safety.md §5 key ladder): the env var named by
 * `privateKeyEnv`, the v3 keystore at `keystorePath` (relative to the config file's directory)
 * with the password from `passwordEnv`, or the remote signer of `signer.remote` (no key at all). The key is handed to the signer only; this never logs it.
 * @throws UsageError naming the config key or env var that is missing, and the fix.
 */
export function resolveEvmKeySource(
  wallet: Readonly<NonNullable<WalletSettings['evm']>> | undefined,
  env: EnvMap,
  configPath: string,
): { source: EvmKeySource; address: string } {
  if (!wallet) {
    throw new UsageError(
      'wallets.evm',
      'no EVM wallet is configured',
      'set wallets.evm with privateKeyEnv (or keystorePath + passwordEnv) and address',
    )
  }
  if (wallet.signer !== undefined) {
    // The key stays with the signer; ferry holds only its URL (docs/safety.md §5, remote signer).
    return {
      source: { remote: { url: wallet.signer.remote.url, address: wallet.signer.remote.address } },
      address: wallet.address,
    }
  }
  if (wallet.privateKeyEnv !== undefined) {
    const key = env[wallet.privateKeyEnv]
    if (!key) {
      throw new UsageError(
        wallet.privateKeyEnv,
        'the env var named by wallets.evm.privateKeyEnv is not set',
        `export ${wallet.privateKeyEnv}=<hex key> (or put it in .env, mode 0600)`,
      )
    }
    // Checked here, where the variable's name is known: the signer only sees the value.
    if (!/^(0x)?[0-9a-fA-F]{64}$/.test(key.trim())) {
      throw new UsageError(
        wallet.privateKeyEnv,
        'is not 32 bytes of hex (value not shown)',
        `export ${wallet.privateKeyEnv}=<64 hex digits, with or without 0x>`,
      )
    }
    return { source: { privateKey: key.trim() }, address: wallet.address }
  }
  const path = resolve(dirname(resolve(configPath)), wallet.keystorePath ?? '')
  const password = wallet.passwordEnv === undefined ? undefined : env[wallet.passwordEnv]
  if (password === undefined) {
    throw new UsageError(
      wallet.passwordEnv ?? 'wallets.evm.passwordEnv',
      'the keystore password is not set',
      `export ${wallet.passwordEnv ?? '<passwordEnv>'}=<password>`,
    )
  }
  let keystoreJson: string
  try {
    keystoreJson = readFileSync(path, 'utf8')
  } catch (error) {
    throw new UsageError(
      'wallets.evm.keystorePath',
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`,
      'give the path of the keystore file, relative to the config file',
    )
  }
  return { source: { keystoreJson, password, keystorePath: path }, address: wallet.address }
}
