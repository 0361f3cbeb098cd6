import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Command } from 'commander'
import { createApiClient } from '../../api/createApiClient.ts'
import { systemClock } from '../../common/clock.ts'
import { UsageError } from '../../common/UsageError.ts'
import { type Devnet, startDevnet } from '../../devnet/startDevnet.ts'
import { createEngine } from '../../engine/createEngine.ts'
import type { WorldWiring } from '../../execute/worldWiring.ts'
import type { Alerter } from '../../observe/createAlerter.ts'
import { createFerryMetrics } from '../../observe/createFerryMetrics.ts'
import { createLogger } from '../../observe/createLogger.ts'
import type { EngineEvent } from '../../observe/engineEvents.ts'
import { type EngineObserver, fanOutEvents } from '../../observe/fanOutEvents.ts'
import { healthMaxTickAgeMs } from '../../observe/healthMaxTickAgeMs.ts'
import { type MetricsServer, startMetricsServer } from '../../observe/startMetricsServer.ts'
import { ConfigError } from '../../settings/ConfigError.ts'
import { checkStrategyParams } from '../../settings/checkStrategyParams.ts'
import { loadConfig } from '../../settings/loadConfig.ts'
import { resolveAccessToken } from '../../settings/resolveAccessToken.ts'
import { resolveJournalPath } from '../../settings/resolveJournalPath.ts'
import { strategyParamsSchemas } from '../../settings/strategyParamsSchemas.ts'
import { openJournal } from '../../store/openJournal.ts'
import { buildWorldWiring } from '../run/buildWorldWiring.ts'
import { checkChainSimulation } from '../run/checkChainSimulation.ts'
import { checkLiveConfig } from '../run/checkLiveConfig.ts'
import { collectKnownSecrets } from '../run/collectKnownSecrets.ts'
import { createLiveView } from '../run/createLiveView.ts'
import { createRunAlerter } from '../run/createRunAlerter.ts'
import { createWorld } from '../run/createWorld.ts'
import { holdSenderLocks } from '../run/holdSenderLocks.ts'
import { loadStrategies } from '../run/loadStrategies.ts'
import { resolveCrashPoint } from '../run/resolveCrashPoint.ts'

type RunOptions = {
  /** `ferry record --for`: how long to record, ms. */
  for?: number
  live?: boolean
  once?: boolean
  ticks?: number
  json?: boolean
  journal?: string
  logLevel?: string
}

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
  // Strategy modules that cannot be used, unknown strategies and bad params stop here, before
  // anything starts, exit 2.
  const strategies = await loadStrategies(config, dirname(configPath), { logger })
  const paramProblems = checkStrategyParams(config, strategyParamsSchemas(strategies))
  if (paramProblems.length > 0) throw new ConfigError(configPath, paramProblems)
  // P-8.8: a live route whose tokens have no trusted price stops here, exit 2.
  const livePriceProblems = checkLiveConfig(config, strategies)
  if (livePriceProblems.length > 0) throw new ConfigError(configPath, livePriceProblems)
  const crashAt = resolveCrashPoint(env)
  // The crash-test hook: SIGKILL, so nothing (no finally, no exit handler) runs after it.
  const failPoint = (name: string): void => {
    if (name === crashAt) process.kill(process.pid, 'SIGKILL')
  }
  const embedded = config.service.apiUrl === 'embedded'
  if (!embedded && options.live && config.mode !== 'live') {
    throw new UsageError(
      '--live',
      'the config says mode: dry-run',
      'set mode: live in the config as well to send for real',
    )
  }
  let devnet: Devnet | undefined
  const abort = new AbortController()
  const stop = (): void => abort.abort()
  const recordTimer =
    record && options.for !== undefined ? setTimeout(stop, options.for) : undefined
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  // People at a terminal get the live view; --json, pipes, files and container logs get one
  // JSON event per line, which machines (and `jq`) can read.
  const view =
    !options.json && process.stdout.isTTY
      ? createLiveView({ stream: process.stdout, clock: systemClock })
      : undefined
  const print = (event: EngineEvent): void => {
    if (view) view.print(event)
    else process.stdout.write(`${JSON.stringify(event)}\n`)
  }
  // Everyone who watches the engine: the output first, then metrics and alerts.
  const observers: EngineObserver[] = [print]
  let metricsServer: MetricsServer | undefined
  let alerter: Alerter | undefined
  try {
    // Alerts; an alert URL's unset env var stops the run here, before anything starts.
    alerter = createRunAlerter({ config, env, configPath, logger, clock: systemClock })
    if (alerter) observers.push(alerter.observe)
    // P-8.10: each RPC of a live run must simulate, unless its chain says simulation: off.
    if (!embedded && config.mode === 'live' && options.live === true)
      await checkChainSimulation({ config, logger })
    const chainIds = Object.keys(config.chains).map(Number)
    if (embedded) {
      if (view)
        process.stdout.write('starting the embedded world (local chains, simulator, solver)…\n')
      devnet = await startDevnet({
        evmChainIds: chainIds.filter((id) => id !== 7565164),
        solana: chainIds.includes(7565164),
        logger,
        fillDelayMs: 300,
      })
    }
    // The embedded world is new on every run, so its journal is too (unless one is named).
    const named = resolveJournalPath(configPath, options)
    const journalPath =
      embedded && !record && named === resolveJournalPath(configPath, {}, {})
        ? join(mkdtempSync(join(tmpdir(), 'ferry-demo-')), 'journal.sqlite')
        : named
    const journal = openJournal(journalPath)
    // Before the api client, whose attempts and retries they count.
    const metrics =
      config.observe.metricsPort === undefined
        ? undefined
        : createFerryMetrics({
            clock: systemClock,
            readInFlightUsd: () => journal.status().inFlightUsd,
            simulationByChain: Object.fromEntries(
              Object.entries(config.chains).map(([id, c]) => [id, c.verify.simulation]),
            ),
          })
    if (metrics) observers.push(metrics.observe)
    const api = createApiClient({
      apiUrl: devnet ? devnet.sim.baseUrl : config.service.apiUrl!,
      statsUrl: devnet ? devnet.sim.statsUrl : (config.service.statsUrl ?? config.service.apiUrl!),
      accessToken: resolveAccessToken(config.service, env),
      requestsPerMinute: config.service.requestsPerMinute,
      timeoutMs: config.service.timeoutMs,
      retries: config.service.retries,
      logger,
      onAttempt: metrics?.onServiceAttempt,
      onRetry: metrics?.onServiceRetry,
    })
    // A port it cannot bind is logged, not fatal: metrics never stop the job (P-3.6).
    metricsServer = metrics
      ? await startMetricsServer({
          metrics,
          port: config.observe.metricsPort!,
          host: config.observe.metricsHost,
          maxTickAgeMs: healthMaxTickAgeMs(config.strategies, systemClock.nowMs()),
          clock: systemClock,
          logger,
        }).catch((error: Error) => {
          logger.error({ error: error.message }, 'metrics server not started')
          return undefined
        })
      : undefined
    const wiring = buildWorldWiring({
      config,
      env,
      configPath,
      devnet,
      sending: !record && (embedded || (config.mode === 'live' && options.live === true)),
      failPoint,
      strategies,
    })
    // One writer per wallet and chain (P-2.4): taken before reconciliation sends anything.
    const locks = wiring.sending
      ? holdSenderLocks(journal, sendingWallets(wiring), (error) => {
          logger.error({ error: error.message }, 'sender lock lost: stopping')
          abort.abort()
        })
      : undefined
    const world = createWorld({ api, wiring, journal, clock: systemClock, logger })
    const engine = createEngine({
      config,
      strategies,
      market: world.market,
      runner: world.runner,
      journal,
      clock: systemClock,
      logger,
      emit: fanOutEvents(observers, logger),
    })
    await engine.run({ ticks: options.once ? 1 : options.ticks, signal: abort.signal })
    if (record) process.stderr.write(`recorded the market into ${journal.path}\n`)
    world.close()
    locks?.release()
    journal.close()
  } finally {
    clearTimeout(recordTimer)
    view?.close()
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
    await metricsServer?.close()
    // Flushes the queued alerts (the last terminal events' too), bounded by its deadline.
    await alerter?.close()
    await devnet?.stop()
  }
}

/** The (chain, wallet) pairs a sending run may sign for. */
function sendingWallets(wiring: WorldWiring): { chainId: number; address: string }[] {
  const evm = wiring.evmWallet?.key
    ? wiring.evm.map((c) => ({ chainId: c.chainId as number, address: wiring.evmWallet!.address }))
    : []
  const solana =
    wiring.solana && wiring.solanaWallet?.secretKey
      ? [{ chainId: 7565164, address: wiring.solanaWallet.address }]
      : []
  return [...evm, ...solana]
}
