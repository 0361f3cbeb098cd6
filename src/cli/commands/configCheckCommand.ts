import { dirname } from 'node:path'
import { type Command, CommanderError } from 'commander'
import { silentLogger } from '../../common/Logger.ts'
import { ConfigError, type ConfigProblem } from '../../settings/ConfigError.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { loadConfig } from '../../settings/loadConfig.ts'
import { strategyLabel } from '../../settings/strategyKey.ts'
import type { GlobalOptions } from '../cliContext.ts'
import { checkStartup } from '../run/checkStartup.ts'
import { collectKnownSecrets } from '../run/collectKnownSecrets.ts'
import { loadStrategies } from '../run/loadStrategies.ts'

/**
 * Runs `ferry config check <file>`: validates a config file with every check `ferry run` makes
 * at start (YAML, env vars and .env, its strategy modules, known chains and the strategies' chains,
 * wallets, strategy params, live prices, alert URLs, and for `mode: live` the keys): a summary and
 * exit 0, or one line per problem naming its key path and fix, exit 2; a strategy module that
 * cannot be used is exit 2 too. `--online` then probes what the run will use (probeOnline: the
 * service API, each RPC, each key, every price feed, the PostgreSQL journal, each alert host),
 * printing what works; what does not is a problem like the others, exit 2.
 */
export async function configCheckCommand(
  file: string,
  opts: { online?: boolean },
  cmd: Command,
): Promise<void> {
  const options = cmd.optsWithGlobals<GlobalOptions>()
  const loaded = loadConfigOrFail(file)
  // Only a module's stack is logged here, at debug: pino loads for --log-level debug alone.
  const logger =
    options.logLevel === 'debug'
      ? (await import('../../observe/createLogger.ts')).createLogger({
          level: 'debug',
          secrets: collectKnownSecrets(loaded.config, loaded.env),
        })
      : silentLogger
  const strategies = await loadStrategies(loaded.config, dirname(file), { logger })
  // The start-up checks of ferry run, for a run that sends when the file says mode: live.
  const problems = await checkStartup({
    config: loaded.config,
    env: loaded.env,
    configPath: file,
    strategies,
    sending: loaded.config.mode === 'live',
  })
  if (problems.length > 0) failWith(file, problems)
  const online = opts.online
    ? await (await import('../run/probeOnline.ts')).probeOnline({
        config: loaded.config,
        env: loaded.env,
        configPath: file,
      })
    : undefined
  if (online && !options.json) {
    process.stdout.write(`${file}: online\n${online.works.map((w) => `  ok  ${w}\n`).join('')}`)
  }
  if (online && online.problems.length > 0) failWith(file, online.problems)
  process.stdout.write(
    options.json
      ? `${JSON.stringify(loaded.config, null, 2)}\n`
      : `${formatConfigSummary(file, loaded.config)}\n`,
  )
}

/** The config at `file`, or its problems printed one per line and exit 2. */
export function loadConfigOrFail(file: string): ReturnType<typeof loadConfig> {
  try {
    return loadConfig({ path: file })
  } catch (error) {
    if (error instanceof ConfigError) failWith(file, error.problems)
    throw error
  }
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
      `evm ${config.wallets.evm.address} (${config.wallets.evm.signer ? 'remote signer' : config.wallets.evm.privateKeyEnv ? `env ${config.wallets.evm.privateKeyEnv}` : `keystore ${config.wallets.evm.keystorePath}`})`,
    config.wallets.solana &&
      `solana ${config.wallets.solana.address} (${config.wallets.solana.secretKeyEnv ? `env ${config.wallets.solana.secretKeyEnv}` : `keypair ${config.wallets.solana.keypairPath}`})`,
  ].filter(Boolean)
  // The policy of a route no tracking.routes[] entry matches (resolveStuckPolicy's fallbacks).
  const onStuck = config.tracking.onStuck ?? (config.tracking.autoCancel ? 'cancel' : 'alert')
  const lines = [
    `${file}: valid`,
    `  mode        ${config.mode}${config.mode === 'live' ? ' (sends only with --live)' : ''}`,
    `  service     ${config.service.apiUrl ?? '(from --api-url / FERRY_API_URL)'}`,
    `  chains      ${Object.keys(config.chains).join(', ') || 'none'}`,
    `  wallets     ${wallets.join('; ') || 'none'}`,
    `  risk        ${risk.maxNotionalUsdPerOrder} USD/order, ${risk.maxNotionalUsdPerDay} USD/day, ${risk.maxInFlightUsd} USD in flight, cost ≤ ${risk.maxCostBps} bps, ${risk.routes.length} route override(s), kill switch ${risk.killSwitchFile}`,
    `  tracking    deadline ${config.tracking.deadlineMs} ms, on stuck ${onStuck}${onStuck === 'patch' ? ` (≤ ${config.tracking.maxPatches} × ${config.tracking.patchStepBps} bps)` : ''}, ${config.tracking.routes.length} route override(s)`,
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
