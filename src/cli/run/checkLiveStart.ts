import { checkRemoteSigner } from '../../chains/evm/checkRemoteSigner.ts'
import type { Logger } from '../../common/Logger.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { checkChainSimulation } from './checkChainSimulation.ts'
import { checkLivePeers } from './checkLivePeers.ts'
import { checkSafeAccount } from './checkSafeAccount.ts'

/**
 * A live run's start checks after `checkStartup` (which already derived every local key to its
 * address), in order, each of which stops the run (exit 2) before anything is sent: a remote
 * signer answers for its address (docs/safety.md §5), each RPC simulates (P-8.10, unless its chain
 * says `simulation: off`), the Safe account (in roles mode an RPC failing its reads is exit 1),
 * then each RPC's chain id and every price feed.
 */
export async function checkLiveStart(
  config: DeepReadonly<FerryConfig>,
  configPath: string,
  logger: Logger,
): Promise<void> {
  const signer = config.wallets.evm?.signer
  if (signer !== undefined) await checkRemoteSigner(signer.remote)
  await checkChainSimulation({ config, logger })
  // A Safe the key cannot execute for alone stops here, before anything is sent.
  await checkSafeAccount(config)
  await checkLivePeers(config, configPath)
}
