import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Command } from 'commander'
import { createApiClient } from '../../api/createApiClient.ts'
import { systemClock } from '../../common/clock.ts'
import { UsageError } from '../../common/UsageError.ts'
import { type Devnet, startDevnet } from '../../devnet/startDevnet.ts'
import { createEngine } from '../../engine/createEngine.ts'
import type { Alerter } from '../../observe/createAlerter.ts'
import { createFerryMetrics } from '../../observe/createFerryMetrics.ts'
import { createLogger } from '../../observe/createLogger.ts'
import type { EngineEvent } from '../../observe/engineEvents.ts'
import { type EngineObserver, fanOutEvents } from '../../observe/fanOutEvents.ts'
import { healthMaxTickAgeMs } from '../../observe/healthMaxTickAgeMs.ts'
import { type MetricsServer, startMetricsServer } from '../../observe/startMetricsServer.ts'
import { ConfigError } from '../../settings/ConfigError.ts'
import { loadConfig } from '../../settings/loadConfig.ts'
import { resolveAccessToken } from '../../settings/resolveAccessToken.ts'
import { resolveJournalPath } from '../../settings/resolveJournalPath.ts'
import { openJournal } from '../../store/openJournal.ts'
import { toJournalFileError } from '../../store/toJournalFileError.ts'
import { retryNotice } from '../retryNotice.ts'
import { afterStop } from '../run/afterStop.ts'
import { buildWorldWiring } from '../run/buildWorldWiring.ts'
import { checkChainSimulation } from '../run/checkChainSimulation.ts'
import { checkSendingKeys } from '../run/checkSendingKeys.ts'
import { checkStartup } from '../run/checkStartup.ts'
import { collectKnownSecrets } from '../run/collectKnownSecrets.ts'
import { createLiveView } from '../run/createLiveView.ts'
import { createRunAlerter } from '../run/createRunAlerter.ts'
import { createWorld } from '../run/createWorld.ts'
import { describeStop } from '../run/describeStop.ts'
import { holdSenderLocks } from '../run/holdSenderLocks.ts'
import { loadStrategies } from '../run/loadStrategies.ts'
import { RunFailedError } from '../run/RunFailedError.ts'
import { resolveCrashPoint } from '../run/resolveCrashPoint.ts'
import { runWallets } from '../run/runWallets.ts'

/** How long a stop waits for the sends under way to reach the journal, ms. */
const STOP_GRACE_MS = 1_500

type RunOptions = {
  /** `ferry record --for`: how long to record, ms. */
  for?: number
  live?: boolean
  pathPrefix?: 'net' | 'dln'
  once?: boolean
  ticks?: number
  maxFailedTicks?: number
  tickDeadlineMs?: number
  json?: boolean
  journal?: string
  create?: boolean
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
  const crashAt = resolveCrashPoint(env)
  // The crash-test hook: SIGKILL, so nothing (no finally, no exit handler) runs after it.
  const failPoint = (name: string): void => {
    if (name === crashAt) process.kill(process.pid, 'SIGKILL')
  }
  // Opened before anything starts, so a journal that cannot be used stops the run at once. The
  // embedded world is new on every run, so its journal is too (unless one is named).
  const named = resolveJournalPath(configPath, options)
  const journalPath =
    embedded && !record && named === resolveJournalPath(configPath, {}, {})
      ? join(mkdtempSync(join(tmpdir(), 'ferry-demo-')), 'journal.sqlite')
      : named
  // A new journal only in a folder that exists, or with --create: a mistyped --journal must not
  // start an empty journal that knows nothing of today's budget or unsettled intents.
  const journal = openJournal(journalPath, { createFolder: options.create === true })
  let devnet: Devnet | undefined
  const abort = new AbortController()
  // The first Ctrl-C (or SIGTERM) aborts every pending call at once; a second Ctrl-C finds no
  // listener left and Node exits at once (what is in flight is reconciled on the next start).
  const stop = (signal: NodeJS.Signals): void => {
    process.stderr.write(
      `ferry: ${signal}: stopping; sends under way reach the journal first (Ctrl-C again exits at once)\n`,
    )
    abort.abort(new Error(`stopped by ${signal}`))
  }
  // ferry record ends itself after --for, quietly: the end is the plan, not a stop.
  let recordingEnded = false
  const recordTimer =
    record && options.for !== undefined
      ? setTimeout(() => {
          recordingEnded = true
          abort.abort(new Error('recording ended'))
        }, options.for)
      : undefined
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
    if (!record && !embedded && config.mode === 'live' && options.live === true) {
      // A key that is unset, malformed or someone else's stops the run before any probe.
      checkSendingKeys(config, env, configPath)
      await checkChainSimulation({ config, logger })
    }
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
      // The flag, then the config: the embedded simulator serves both paths.
      pathPrefix: options.pathPrefix ?? config.service.pathPrefix ?? 'net',
      accessToken: resolveAccessToken(config.service, env),
      requestsPerMinute: config.service.requestsPerMinute,
      timeoutMs: config.service.timeoutMs,
      retries: config.service.retries,
      logger,
      onAttempt: metrics?.onServiceAttempt,
      onRetry: (retry) => {
        metrics?.onServiceRetry(retry)
        if (view) retryNotice(process.stderr)(retry)
      },
      stopSignal: abort.signal,
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
    // One writer per wallet and chain (P-2.4): taken before reconciliation sends anything. A dry
    // run takes the same locks, so two rehearsals (or a rehearsal and a live run) of one wallet
    // on one journal do not run side by side.
    const locks = holdSenderLocks(journal, runWallets(wiring), (error) => {
      logger.error({ error: error.message }, 'sender lock lost: stopping')
      abort.abort()
    })
    // One fan-out for the engine and the world (an RPC disagreement is the world's event).
    const emit = fanOutEvents(observers, logger)
    const world = createWorld({
      api,
      wiring,
      journal,
      clock: systemClock,
      logger,
      stopSignal: abort.signal,
      emit,
    })
    const engine = createEngine({
      config,
      strategies,
      market: world.market,
      runner: world.runner,
      journal,
      clock: systemClock,
      logger,
      emit,
      ...(options.tickDeadlineMs === undefined ? {} : { tickDeadlineMs: options.tickDeadlineMs }),
    })
    const result = await Promise.race([
      engine.run({
        ticks: options.once ? 1 : options.ticks,
        signal: abort.signal,
        ...(options.maxFailedTicks === undefined ? {} : { maxFailedTicks: options.maxFailedTicks }),
      }),
      afterStop(abort.signal, STOP_GRACE_MS),
    ])
    view?.close({ summary: true })
    if (abort.signal.aborted && !recordingEnded) {
      process.stderr.write(
        `${describeStop(journal.status().inFlight, result === undefined).join('\n')}\n`,
      )
    }
    // Past the grace period a send may still be writing: the journal stays open until exit.
    if (result === undefined) return
    if (record) process.stderr.write(`recorded the market into ${journal.path}\n`)
    world.close()
    locks.release()
    journal.close()
    if (result.failed) throw new RunFailedError(result.failedTicks.streak, result.lastError)
  } catch (error) {
    // A journal that fails under the run (its disk full, its file damaged or made read-only) is
    // named with its path and fix like one that fails at open; other errors pass unchanged.
    throw toJournalFileError(error, journal.path)
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
