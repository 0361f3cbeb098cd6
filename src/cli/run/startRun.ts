import { createApiClient } from '../../api/createApiClient.ts'
import { systemClock } from '../../common/clock.ts'
import { createSharedAbortController } from '../../common/createSharedAbortController.ts'
import type { Logger } from '../../common/Logger.ts'
import type { Strategy } from '../../common/strategy/strategyContract.ts'
import { type Devnet, startDevnet } from '../../devnet/startDevnet.ts'
import { type ClusterAlertGate, gateClusterAlerts } from '../../engine/cluster/gateClusterAlerts.ts'
import { createEngine } from '../../engine/createEngine.ts'
import type { Alerter } from '../../observe/createAlerter.ts'
import { createFerryMetrics } from '../../observe/createFerryMetrics.ts'
import type { EngineEvent } from '../../observe/engineEvents.ts'
import { type EngineObserver, fanOutEvents } from '../../observe/fanOutEvents.ts'
import { healthMaxTickAgeMs } from '../../observe/healthMaxTickAgeMs.ts'
import { type MetricsServer, startMetricsServer } from '../../observe/startMetricsServer.ts'
import type { LoadConfigResult } from '../../settings/loadConfig.ts'
import { resolveAccessToken } from '../../settings/resolveAccessToken.ts'
import { retryNotice } from '../retryNotice.ts'
import { afterStop } from './afterStop.ts'
import { buildWorldWiring } from './buildWorldWiring.ts'
import { checkLiveStart } from './checkLiveStart.ts'
import { createLiveView } from './createLiveView.ts'
import { createRunAlerter } from './createRunAlerter.ts'
import { createRunCluster } from './createRunCluster.ts'
import { createWorld } from './createWorld.ts'
import { describeStop } from './describeStop.ts'
import { holdSenderLocks } from './holdSenderLocks.ts'
import { openRunJournal } from './openRunJournal.ts'
import { RunFailedError } from './RunFailedError.ts'
import { claimPause, PAUSE_AT_ENV, resolveCrashPoint } from './resolveCrashPoint.ts'
import { runWallets } from './runWallets.ts'

/** How long a stop waits for the sends under way to reach the journal, ms. */
const STOP_GRACE_MS = 1_500

/** The flags of `ferry run` (and `ferry record`). */
export type RunOptions = {
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

/** What {@link startRun} starts from: a config that passed every start-up check. */
export type StartRunParams = {
  config: LoadConfigResult['config']
  env: LoadConfigResult['env']
  configPath: string
  strategies: Readonly<Record<string, Strategy<never>>>
  logger: Logger
  options: RunOptions
  /** ferry record: paper mode, nothing is sent, stopped after `options.for`. */
  record: boolean
  /** `service.apiUrl: embedded`: the devnet with its public keys is started first. */
  embedded: boolean
}

/**
 * Starts the job of a checked config: journal, embedded world, metrics, alerts, the world and
 * the engine; returns when the run ends (ticks done, stopped, or failed).
 * @throws RunFailedError when too many ticks failed in a row.
 */
export async function startRun(params: StartRunParams): Promise<void> {
  const { config, env, configPath, strategies, logger, options, record, embedded } = params
  const crashAt = resolveCrashPoint(env)
  let pauseAt = resolveCrashPoint(env, PAUSE_AT_ENV)
  // The crash-test hooks: SIGKILL, so nothing (no finally, no exit handler) runs after it; or
  // SIGSTOP once, a process frozen mid-intent until SIGCONT.
  const failPoint = (name: string): void => {
    if (name === crashAt) process.kill(process.pid, 'SIGKILL')
    if (name !== pauseAt) return
    pauseAt = undefined
    if (claimPause(env)) process.kill(process.pid, 'SIGSTOP')
  }
  // Opened before anything starts, so a journal that cannot be used stops the run at once.
  // Everything but the SQLite-only parts (sender locks, the pre-sign reads) goes through the
  // store, so the same engine and runner run on a shared journal (docs/architecture.md §5).
  const runJournal = await openRunJournal({
    config,
    configPath,
    flags: options,
    fresh: embedded && !record,
  })
  const store = runJournal.store
  let devnet: Devnet | undefined
  const abort = createSharedAbortController()
  // The first Ctrl-C (or SIGTERM) aborts every pending call at once; a second Ctrl-C finds no
  // listener left and Node exits at once (what is in flight is reconciled on the next start).
  // Until the run has started (alerts, the live checks and their probes), a stop ends the process
  // at once: nothing was sent, and a hanging RPC must not hold it (docs/operations.md §5).
  let starting = true
  const stop = (signal: NodeJS.Signals): void => {
    if (starting) {
      process.stderr.write(`ferry: ${signal} before the run started: stopped, nothing was sent\n`)
      process.exit(signal === 'SIGINT' ? 130 : 143)
    }
    process.stderr.write(
      `ferry: ${signal}: stopping; sends under way reach the journal first (Ctrl-C again exits at once)\n`,
    )
    abort.abort(new Error(`stopped by ${signal}`))
  }
  // ferry record ends itself after --for, quietly: the end is the plan, not a stop. Counted from
  // the first tick: a slow start (the embedded world, a cluster's first lease turn) must not eat
  // the recording.
  let recordingEnded = false
  let recordTimer: NodeJS.Timeout | undefined
  const startRecordTimer = (): void => {
    if (!record || options.for === undefined) return
    recordTimer = setTimeout(() => {
      recordingEnded = true
      abort.abort(new Error('recording ended'))
    }, options.for)
  }
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
  // Once joined: cluster-level alerts (the kill switch) are told by one instance of the cluster.
  let alertGate: ClusterAlertGate | undefined
  try {
    // Alerts; an alert URL's unset env var stops the run here, before anything starts.
    alerter = createRunAlerter({ config, env, configPath, logger, clock: systemClock })
    if (alerter) observers.push(gateClusterAlerts(alerter.observe, () => alertGate))
    if (!record && !embedded && config.mode === 'live' && options.live === true) {
      await checkLiveStart(config, configPath, logger)
    }
    starting = false
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
            readInFlightUsd: async () => (await store.status()).inFlightUsd,
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
    const wallets = runWallets(wiring)
    const locks =
      runJournal.sqlite &&
      holdSenderLocks(runJournal.sqlite, wallets, (error) => {
        logger.error({ error: error.message }, 'sender lock lost: stopping')
        abort.abort()
      })
    // One fan-out for the engine and the world (an RPC disagreement is the world's event).
    const emit = fanOutEvents(observers, logger)
    // On a shared journal the wallets' leases stand in for the locks, and fence every send.
    const cluster =
      runJournal.pg &&
      createRunCluster({ store: runJournal.pg, config, strategies, wallets, emit, logger })
    alertGate = cluster ? cluster.claimAlert : undefined
    const world = createWorld({
      api,
      wiring,
      journal: cluster?.journal ?? store,
      clock: systemClock,
      logger,
      stopSignal: abort.signal,
      emit,
      ...(cluster
        ? {
            cluster: {
              killSwitchEngaged: () => cluster.engine.killSwitchEngaged(),
              engageKillSwitch: (reason: string) => cluster.engageKillSwitch(reason),
            },
          }
        : {}),
    })
    // The first lease turn takes this process's wallets and reconciles them before any tick.
    await cluster?.start(world.runner)
    const engine = createEngine({
      config,
      strategies,
      market: world.market,
      runner: world.runner,
      journal: cluster?.journal ?? store,
      // The last risk check reads the SQLite file inside the write-ahead transaction (P-4.2).
      ...(runJournal.sqlite ? { preSignReads: runJournal.sqlite } : {}),
      ...(cluster ? { cluster: cluster.engine } : {}),
      clock: systemClock,
      logger,
      emit,
      ...(options.tickDeadlineMs === undefined ? {} : { tickDeadlineMs: options.tickDeadlineMs }),
    })
    startRecordTimer()
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
        `${describeStop((await store.status()).inFlight, result === undefined).join('\n')}\n`,
      )
    }
    // Past the grace period a send may still be writing: the journal stays open until exit.
    if (result === undefined) return
    if (record) process.stderr.write(`recorded the market into ${runJournal.label}\n`)
    world.close()
    await cluster?.stop()
    locks?.release()
    await runJournal.close()
    if (result.failed) throw new RunFailedError(result.failedTicks.streak, result.lastError)
  } catch (error) {
    // A journal that fails under the run (its disk full, its file damaged or made read-only) is
    // named with its path and fix like one that fails at open; other errors pass unchanged.
    throw runJournal.toRunError(error)
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
