import { dirname } from 'node:path'
import type { Command } from 'commander'
import { UsageError } from '../../common/UsageError.ts'
import { createLogger } from '../../observe/createLogger.ts'
import { ConfigError } from '../../settings/ConfigError.ts'
import { loadConfig } from '../../settings/loadConfig.ts'
import { checkStartup } from '../run/checkStartup.ts'
import { collectKnownSecrets } from '../run/collectKnownSecrets.ts'
import { loadStrategies } from '../run/loadStrategies.ts'
import type { RunOptions } from '../run/startRun.ts'

/**
 * Runs `ferry run <config> [--live] [--once] [--ticks N] [--json] [--journal path]`: ferry's
 * main job. With `service.apiUrl: embedded` it starts the embedded world first (the
 * devnet with public test keys, whose orders are always sent); against real networks it sends
 * only with `mode: live` in the config AND `--live` on the command line (safety P-4.1).
 * `how.record` is `ferry record <config> --for D`: the same run in paper mode (nothing is sent,
 * not even in the embedded world), journaled next to the config, stopped after D.
 */
export async function runCommand(
  configPath: string,
  _o: unknown,
  command: Command,
  how: { record?: boolean } = {},
): Promise<void> {
  const options = command.optsWithGlobals<RunOptions>()
  const record = how.record === true
  const { config, env } = loadConfig({ path: configPath })
  const logger = createLogger({
    level: options.logLevel ?? 'warn',
    secrets: collectKnownSecrets(config, env),
  })
  // Strategy modules that cannot be used stop here; then everything else a config can get wrong
  // (the same checks as ferry config check), before anything starts, exit 2.
  const strategies = await loadStrategies(config, dirname(configPath), { logger })
  const embedded = config.service.apiUrl === 'embedded'
  if (!embedded && options.live && config.mode !== 'live') {
    throw new UsageError(
      '--live',
      'the config says mode: dry-run',
      'set mode: live in the config as well to send for real',
    )
  }
  const startupProblems = await checkStartup({
    config,
    env,
    configPath,
    strategies,
    sending: !record && !embedded && config.mode === 'live' && options.live === true,
  })
  if (startupProblems.length > 0) throw new ConfigError(configPath, startupProblems)
  // What runs the job (the devnet, viem, web3.js, the engine) loads only now: a config that
  // is refused above answers in the time of ferry config check, not of a full start.
  const { startRun } = await import('../run/startRun.ts')
  await startRun({ config, env, configPath, strategies, logger, options, record, embedded })
}
