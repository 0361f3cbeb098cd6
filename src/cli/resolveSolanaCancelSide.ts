import type { Command } from 'commander'
import { SOLANA_CHAIN_ID } from '../api/schemas/chainId.ts'
import { createSolanaAccountReader } from '../chains/solana/createSolanaAccountReader.ts'
import { createSolanaConnection } from '../chains/solana/createSolanaConnection.ts'
import { UsageError } from '../common/UsageError.ts'
import type { SolanaCancelSide } from '../execute/solana/cancelSolanaOrderTypes.ts'
import type { DeepReadonly } from '../settings/deepFreeze.ts'
import type { FerryConfig } from '../settings/ferryConfigSchema.ts'
import type { EnvMap } from '../settings/substituteEnv.ts'
import { createCliContext } from './cliContext.ts'
import { resolveSolanaSecretKey } from './resolveSolanaSecretKey.ts'

const SOLANA = String(SOLANA_CHAIN_ID)

/**
 * Our Solana side of `ferry cancel` for an order into Solana: the connection of
 * `chains.7565164`, the secret key of `wallets.solana` (P-5.4) and the service client of the
 * config, whose cancel-tx ferry verifies before it signs. Returns our Solana address too, for
 * the sender lock.
 * @throws UsageError when the config names no Solana chain or wallet.
 */
export function resolveSolanaCancelSide(
  config: DeepReadonly<FerryConfig>,
  env: EnvMap,
  configPath: string,
  cmd: Command,
): { side: SolanaCancelSide; address: string } {
  const chain = config.chains[SOLANA]
  if (!chain) {
    throw new UsageError(
      `chains.${SOLANA}`,
      'the order goes to Solana, which the config does not name',
      `add chains.${SOLANA}.rpcUrls to the config`,
    )
  }
  const wallet = config.wallets.solana
  if (!wallet) {
    throw new UsageError(
      'wallets.solana',
      "the order's destination authority is a Solana key the config does not name",
      'set wallets.solana (address and secretKeyEnv or keypairPath)',
    )
  }
  return {
    address: wallet.address,
    side: {
      connection: createSolanaConnection(chain.rpcUrls[0]!, 'confirmed', chain.sendUrl),
      secretKey: resolveSolanaSecretKey(wallet, env, configPath),
      api: createCliContext(cmd).client,
      // The tables decide which accounts the cancel touches, deBridge's accounts what it pays:
      // read under the chain's quorum.
      readAccounts: createSolanaAccountReader({
        readUrls: chain.rpcUrls,
        commitment: 'confirmed',
        rpcQuorum: chain.rpcQuorum,
      }),
    },
  }
}
