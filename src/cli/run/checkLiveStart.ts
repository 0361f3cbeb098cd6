import type { Logger } from '../../common/Logger.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import type { EnvMap } from '../../settings/substituteEnv.ts'
import { checkChainSimulation } from './checkChainSimulation.ts'
import { checkLivePeers } from './checkLivePeers.ts'
import { checkSafeAccount } from './checkSafeAccount.ts'
import { checkSendingKeys } from './checkSendingKeys.ts'

/**
 * A live run's start checks, in order, each of which stops the run (exit 2) before anything is
 * sent: the sending keys (or the remote signer), each RPC's simulation (P-8.10, unless its chain
 * says `simulation: off`), the Safe account, then each RPC's chain id and every price feed.
 */
export async function checkLiveStart(
  config: DeepReadonly<FerryConfig>,
  env: EnvMap,
  configPath: string,
  logger: Logger,
): Promise<void> {
  // A key that is unset, malformed or someone else's stops the run before any probe.
  await checkSendingKeys(config, env, configPath)
  await checkChainSimulation({ config, logger })
  // A Safe the key cannot execute for alone stops here, before anything is sent.
  await checkSafeAccount(config)
  await checkLivePeers(config, configPath)
}
