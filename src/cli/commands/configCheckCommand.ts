import { type Command, CommanderError } from 'commander'
import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'
import { ConfigError, type ConfigProblem } from '../../settings/ConfigError.ts'
import { checkStrategyParams } from '../../settings/checkStrategyParams.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { loadConfig } from '../../settings/loadConfig.ts'
import { strategyLabel } from '../../settings/strategyKey.ts'
import { strategyParamsSchemas } from '../../settings/strategyParamsSchemas.ts'
import type { GlobalOptions } from '../cliContext.ts'
import { checkLiveConfig } from '../run/checkLiveConfig.ts'

const paramsSchemas = strategyParamsSchemas(builtInStrategies)

/**
 * Runs `ferry config check <file>`: validates a config file (YAML, env vars and .env, strategy
 * params, live prices): a summary and exit 0, or one line per problem naming its key path and
 * fix, exit 2.
 */
export function configCheckCommand(file: string, _opts: object, cmd: Command): void {
  const options = cmd.optsWithGlobals<GlobalOptions>()
  let loaded: ReturnType<typeof loadConfig>
  try {
    loaded = loadConfig({ path: file })
  } catch (error) {
    if (error instanceof ConfigError) failWith(file, error.problems)
    throw error
  }
  const problems = [
    ...checkStrategyParams(loaded.config, paramsSchemas),
    ...checkLiveConfig(loaded.config, builtInStrategies),
  ]
  if (problems.length > 0) failWith(file, problems)
  process.stdout.write(
    options.json
      ? `${JSON.stringify(loaded.config, null, 2)}\n`
      : `${formatConfigSummary(file, loaded.config)}\n`,
  )
}

function failWith(file: string, problems: readonly ConfigProblem[]): never {
  const s = problems.length === 1 ? '' : 's'
  process.stderr.write(`ferry: ${file}: ${problems.length} problem${s}\n`)
  for (const p of problems) process.stderr.write(`  ${p.path}: ${p.problem} (fix: ${p.fix})\n`)
  // Exit code 2 (usage/config error) without a second message: runCli maps it, prints nothing.
  throw new CommanderError(2, 'ferry.configInvalid', `${file} is invalid`)
}

function formatConfigSummary(file: string, config: DeepReadonly<FerryConfig>): string {
  const { risk } = config
  const wallets = [
    config.wallets.evm &&
      `evm ${config.wallets.evm.address} (${config.wallets.evm.privateKeyEnv ? `env ${config.wallets.evm.privateKeyEnv}` : `keystore ${config.wallets.evm.keystorePath}`})`,
    config.wallets.solana &&
      `solana ${config.wallets.solana.address} (${config.wallets.solana.secretKeyEnv ? `env ${config.wallets.solana.secretKeyEnv}` : `keypair ${config.wallets.solana.keypairPath}`})`,
  ].filter(Boolean)
  const lines = [
    `${file}: valid`,
    `  mode        ${config.mode}${config.mode === 'live' ? ' (sends only with --live)' : ''}`,
    `  service     ${config.service.apiUrl ?? '(from --api-url / FERRY_API_URL)'}`,
    `  chains      ${Object.keys(config.chains).join(', ') || 'none'}`,
    `  wallets     ${wallets.join('; ') || 'none'}`,
    `  risk        ${risk.maxNotionalUsdPerOrder} USD/order, ${risk.maxNotionalUsdPerDay} USD/day, ${risk.maxInFlightUsd} USD in flight, cost ≤ ${risk.maxCostBps} bps, ${risk.routes.length} route override(s), kill switch ${risk.killSwitchFile}`,
    `  tracking    deadline ${config.tracking.deadlineMs} ms, auto-cancel ${config.tracking.autoCancel ? 'on' : 'off'}`,
    `  strategies  ${config.strategies.length}`,
    ...config.strategies.map((s) => {
      const when = s.schedule.cron
        ? `cron '${s.schedule.cron}'`
        : `every ${s.schedule.intervalMs} ms`
      return `    - ${s.id} (${strategyLabel(s)}) ${when}${s.enabled ? '' : ', disabled'}`
    }),
  ]
  return lines.join('\n')
}
