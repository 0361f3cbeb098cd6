import { readFileSync } from 'node:fs'
import { CHAINS } from '../../chains/chainRegistry.ts'
import type { Strategy } from '../../common/strategy/strategyContract.ts'
import { UsageError } from '../../common/UsageError.ts'
import { ConfigError, type ConfigProblem } from '../../settings/ConfigError.ts'
import { checkStrategyParams } from '../../settings/checkStrategyParams.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { resolveAlertDestinations } from '../../settings/resolveAlertDestinations.ts'
import { strategyParamsSchemas } from '../../settings/strategyParamsSchemas.ts'
import type { EnvMap } from '../../settings/substituteEnv.ts'
import { resolveEvmKeySource } from '../resolveEvmKeySource.ts'
import { checkLiveConfig } from './checkLiveConfig.ts'
import { instanceTokensOf } from './instanceTokensOf.ts'

/** Inputs of {@link checkStartup}. */
export type CheckStartupParams = {
  config: DeepReadonly<FerryConfig>
  /** process.env with the config's .env, as loadConfig merged them. */
  env: EnvMap
  configPath: string
  /** Built-ins and the config's loaded modules, by strategyKey. */
  strategies: Readonly<Record<string, Strategy<never>>>
  /**
   * Whether the run signs on real networks (`mode: live` and `--live`; `ferry config check`
   * assumes it for a live file): only then are the keys read, and must be there.
   */
  sending: boolean
}

/**
 * Every reason `ferry run` has to refuse a config at start, found without a network call: the
 * file is empty or runs no strategy; a chain id ferry does not know; a strategy acting on a chain
 * the config gives no RPC, or with no wallet of that chain's kind; strategy params; a live
 * route's trusted prices; an alert URL's unset variable; and when sending, an unset key variable
 * or an unreadable keystore or keypair. `ferry run` and `ferry config check` both call it, so
 * what check calls valid, run starts with. Every problem is returned, not only the first.
 */
export async function checkStartup(params: CheckStartupParams): Promise<ConfigProblem[]> {
  const { config } = params
  const embedded = config.service.apiUrl === 'embedded'
  return [
    ...checkRunsSomething(config, params.configPath),
    ...checkChains(config, params.strategies, embedded),
    ...checkStrategyParams(config, strategyParamsSchemas(params.strategies)),
    ...checkLiveConfig(config, params.strategies),
    ...checkAlerts(params),
    ...(params.sending && !embedded ? await checkKeys(params) : []),
  ]
}

function checkRunsSomething(
  config: DeepReadonly<FerryConfig>,
  configPath: string,
): ConfigProblem[] {
  const example = 'start from config/demo.yaml or config/*.example.yaml'
  if (config.strategies.some((s) => s.enabled !== false)) return []
  if (config.strategies.length > 0) {
    return [
      {
        path: 'strategies',
        problem: 'no strategy is enabled, so the run would do nothing',
        fix: 'set enabled: true on one, or add one under strategies:',
      },
    ]
  }
  if (isBlank(configPath)) {
    return [{ path: '(file)', problem: 'the file is empty', fix: `write a config: ${example}` }]
  }
  return [
    {
      path: 'strategies',
      problem: 'no strategy to run',
      fix: `add a strategies entry (name or module, id, schedule, params): ${example}`,
    },
  ]
}

/** Whether the file holds nothing but blank lines and comments. */
function isBlank(configPath: string): boolean {
  try {
    return readFileSync(configPath, 'utf8')
      .split('\n')
      .every((line) => line.trim() === '' || line.trim().startsWith('#'))
  } catch {
    return false
  }
}

function checkChains(
  config: DeepReadonly<FerryConfig>,
  strategies: CheckStartupParams['strategies'],
  embedded: boolean,
): ConfigProblem[] {
  const problems: ConfigProblem[] = []
  const known = Object.keys(CHAINS)
  for (const id of Object.keys(config.chains)) {
    if (!known.includes(id))
      problems.push({
        path: `chains.${id}`,
        problem: `ferry does not know chain ${id}`,
        fix: `use a service chain id ferry supports: ${known.join(', ')}`,
      })
  }
  const tokensOf = instanceTokensOf(strategies)
  const missingWallet = new Map<'evm' | 'solana', string>()
  config.strategies.forEach((instance, i) => {
    const tokens = tokensOf(instance)
    if (!tokens) return
    const chainIds = [...new Set([...tokens.gives, ...tokens.takes].map((t) => t.chainId))]
    for (const chainId of chainIds) {
      if (config.chains[String(chainId)] === undefined) {
        problems.push({
          path: `strategies[${i}]`,
          problem: `"${instance.id}" acts on chain ${chainId}, which is not in chains`,
          fix: `add chains.${chainId}.rpcUrls, or take chain ${chainId} out of the strategy's params`,
        })
        continue
      }
      const kind = CHAINS[chainId as keyof typeof CHAINS]?.kind === 'solana' ? 'solana' : 'evm'
      if (!embedded && config.wallets[kind] === undefined && !missingWallet.has(kind))
        missingWallet.set(kind, `"${instance.id}" acts on chain ${chainId}`)
    }
  })
  for (const [kind, what] of missingWallet) {
    problems.push({
      path: `wallets.${kind}`,
      problem: `${what}, but no ${kind === 'evm' ? 'EVM' : 'Solana'} wallet is configured`,
      fix:
        kind === 'evm'
          ? 'set wallets.evm: address, and privateKeyEnv (or keystorePath + passwordEnv)'
          : 'set wallets.solana: address, and secretKeyEnv (or keypairPath)',
    })
  }
  return problems
}

function checkAlerts(params: CheckStartupParams): ConfigProblem[] {
  try {
    resolveAlertDestinations(params.config.observe, params.env, params.configPath)
    return []
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems]
    throw error
  }
}

/**
 * The keys a sending run reads: each must be there, be a valid key and derive to its wallet's
 * address (an all-zero key is no key), and a keystore must open with its password, before
 * anything goes on the network. A keystore's KDF (slow on purpose) runs once more when the run's
 * signer opens it: the key is never kept or shown, so it is not handed over from here.
 */
async function checkKeys(params: CheckStartupParams): Promise<ConfigProblem[]> {
  const { config, env, configPath } = params
  const problems: ConfigProblem[] = []
  const attempt = async (path: string, read: () => unknown): Promise<void> => {
    try {
      await read()
    } catch (error) {
      if (!(error instanceof UsageError)) throw error
      const fix = error.metaMessages.find((m) => m.startsWith('fix: '))?.slice(5) ?? ''
      // Detail lines (the configured and the derived address) stay with the problem.
      const detail = error.metaMessages.filter((m) => !m.startsWith('fix: ')).join(', ')
      problems.push({
        path,
        problem: detail ? `${error.shortMessage} (${detail})` : error.shortMessage,
        fix,
      })
    }
  }
  if (config.wallets.evm)
    await attempt('wallets.evm', async () => {
      const { source, address } = resolveEvmKeySource(config.wallets.evm, env, configPath)
      // viem loads only when a key is set: config check of a dry-run file stays light.
      const { createEvmSigner } = await import('../../chains/evm/createEvmSigner.ts')
      createEvmSigner(source, address)
    })
  const solana = config.wallets.solana
  if (solana) {
    // web3.js loads only for a live Solana wallet: config check of other files stays light.
    const { resolveSolanaSecretKey } = await import('../resolveSolanaSecretKey.ts')
    await attempt('wallets.solana', () => resolveSolanaSecretKey(solana, env, configPath))
  }
  return problems
}
