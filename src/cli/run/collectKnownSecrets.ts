import { urlSecretParts } from '../../common/urlSecretParts.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { resolveAccessToken } from '../../settings/resolveAccessToken.ts'
import type { EnvMap } from '../../settings/substituteEnv.ts'

/**
 * Every secret value a config lets ferry hold (safety P-5.3), for the logger and the alerts to
 * censor wherever it shows up: the wallets' keys and keystore password, the service's access
 * token, and the token-like parts of RPC URLs (…/v2/<key>) and of the remote signer's URL, which a node's error may quote.
 * A hex key is listed with and without its 0x.
 */
export function collectKnownSecrets(config: DeepReadonly<FerryConfig>, env: EnvMap): string[] {
  const names = [
    config.wallets.evm?.privateKeyEnv,
    config.wallets.evm?.passwordEnv,
    config.wallets.solana?.secretKeyEnv,
  ]
  const secrets = [
    ...names.map((name) => (name === undefined ? undefined : env[name])),
    resolveAccessToken(config.service, env),
  ]
    .filter((value): value is string => value !== undefined && value !== '')
    .flatMap((value) => (value.startsWith('0x') ? [value, value.slice(2)] : [value]))
  const signerUrl = config.wallets.evm?.signer?.remote.url
  if (signerUrl !== undefined) secrets.push(...urlSecretParts(signerUrl))
  for (const chain of Object.values(config.chains))
    for (const url of chain.rpcUrls) secrets.push(...urlSecretParts(url))
  return secrets
}
