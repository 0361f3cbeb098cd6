import { checkRemoteSigner } from '../../chains/evm/checkRemoteSigner.ts'
import { createEvmSigner } from '../../chains/evm/createEvmSigner.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import type { EnvMap } from '../../settings/substituteEnv.ts'
import { resolveEvmKeySource } from '../resolveEvmKeySource.ts'

/**
 * Checks the EVM key of a sending run before anything goes on the network: its variable is set,
 * holds 32 bytes of hex, and the key derives to `wallets.evm.address`. A keystore is decrypted
 * later, once (its KDF is slow on purpose). The key is dropped here; the world's signer is built
 * again from the same source. A remote signer must answer for the address (docs/safety.md §5).
 * @throws UsageError naming the variable, the signer or the address, with the fix (exit 2).
 */
export async function checkSendingKeys(
  config: DeepReadonly<FerryConfig>,
  env: EnvMap,
  configPath: string,
): Promise<void> {
  const wallet = config.wallets.evm
  if (wallet?.signer !== undefined) {
    await checkRemoteSigner(wallet.signer.remote)
    return
  }
  if (!wallet || wallet.privateKeyEnv === undefined) return
  const key = resolveEvmKeySource(wallet, env, configPath)
  createEvmSigner(key.source, key.address)
}
