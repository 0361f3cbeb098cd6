import type { Clock } from '../common/clock.ts'
import { shareSignal } from '../common/createSharedAbortController.ts'
import type { Logger } from '../common/Logger.ts'
import type { MarketSnapshot } from '../common/strategy/marketTypes.ts'
import type { Strategy } from '../common/strategy/strategyContract.ts'
import type { IntentRunner } from '../execute/createIntentRunner.ts'
import type { EngineEvent } from '../observe/engineEvents.ts'
import { ConfigError } from '../settings/ConfigError.ts'
import { checkStrategyParams } from '../settings/checkStrategyParams.ts'
import type { DeepReadonly } from '../settings/deepFreeze.ts'
import type { FerryConfig } from '../settings/ferryConfigSchema.ts'
import { strategyKey } from '../settings/strategyKey.ts'
import { strategyParamsSchemas } from '../settings/strategyParamsSchemas.ts'
import type { JournalStore } from '../store/contract/JournalStore.ts'
import type { IntentRecord } from '../store/contract/journalTypes.ts'
import type { EngineCluster } from './cluster/EngineCluster.ts'
import { countFailedTick, type FailedTickStreak, NO_FAILED_TICKS } from './countFailedTick.ts'
import { createAutoKill } from './createAutoKill.ts'
import { createDailyNotionalWindow } from './createDailyNotionalWindow.ts'
import type { PreSignReads } from './createPreSignGuard.ts'
import { createScheduler } from './createScheduler.ts'
import { createTickRiskTotals } from './createTickRiskTotals.ts'
import type { EngineMarket } from './engineMarket.ts'
import { failedTicksVerdict } from './failedTicksVerdict.ts'
import { readSnapshot } from './readSnapshot.ts'
import { type LoadedStrategy, runStrategy } from './runStrategy.ts'
import { sleepUntil } from './sleepUntil.ts'
import { TickDeadlineError } from './TickDeadlineError.ts'
import { untilAborted } from './untilAborted.ts'

/** How often the recorded market is pruned to `recording.retentionMs`, ms. */
const PRUNE_EVERY_MS = 60_000

/** A running engine. */
export type Engine = {
  /** Runs one tick: every strategy that is due plans, quotes, decides, and its intents execute. */
  tick(): Promise<void>
  /**
   * Reconciles, then ticks until `ticks` ticks ran, `signal` aborts, or the last `maxFailedTicks`
   * ticks all failed (failedTicksVerdict); then drains tracking.
   */
  run(options: {
    ticks?: number
    signal?: AbortSignal
    maxFailedTicks?: number
  }): Promise<RunResult>
  /** Settles every intent a previous run left non-terminal (the runner's reconcile). */
  reconcile(): Promise<void>
  /** Orders still being tracked. */
  tracking(): number
}

/** How a run of the engine ended. */
export type RunResult = {
  /** Ticks run. */
  ticks: number
  /** The failed-tick record at the end. */
  failedTicks: FailedTickStreak
  /** The last `maxFailedTicks` ticks all failed (or, at the end of `ticks`, every one did). */
  failed: boolean
  /** The one-line error of the last failed tick, when one failed. */
  lastError: string | undefined
}

/** Default per-tick deadline of the reads (balances, quotes), ms. */
export const DEFAULT_TICK_DEADLINE_MS = 30_000
/** Default count of failed ticks in a row that ends a run, with exit code 1. */
export const DEFAULT_MAX_FAILED_TICKS = 5

/** Inputs of {@link createEngine}. */
export type CreateEngineParams = {
  config: DeepReadonly<FerryConfig>
  /**
   * The strategies by key (settings/strategyKey: a built-in's `name`, `module:` and a module's
   * path): built-ins and plugins, injected.
   */
  strategies: Readonly<Record<string, Strategy<never>>>
  market: EngineMarket
  runner: IntentRunner
  journal: JournalStore
  /**
   * The SQLite journal under `journal`, when it is one: the last risk check reads it inside the
   * write-ahead transaction (createPreSignGuard). Absent on PostgreSQL.
   */
  preSignReads?: PreSignReads
  /** On a shared journal: which due strategies run here; absent on SQLite. */
  cluster?: EngineCluster
  clock: Clock
  logger: Logger
  emit: (event: EngineEvent) => void
  /** Random source in [0, 1) for schedule jitter. Default Math.random. */
  random?: () => number
  /**
   * Bound on a tick's reads (the snapshot and the quotes), ms: past it they are aborted and the
   * tick fails; sends and tracking are not cut. Default {@link DEFAULT_TICK_DEADLINE_MS}.
   */
  tickDeadlineMs?: number
  /**
   * Makes the signal that aborts at a tick's deadline. Default AbortSignal.timeout: the bound is
   * on real I/O, so it runs on real time; tests pass a signal they abort themselves.
   */
  deadlineSignal?: (deadlineMs: number) => AbortSignal
}

/**
 * ferry's main loop. One tick: snapshot (balances, prices, in-flight intents) → each due
 * strategy's pure `plan` → quotes → pure `decide` → risk checks → the intent runner. Faults of
 * one strategy or one intent never stop the loop; they become events and journal states.
 * @throws ConfigError when a strategy is unknown or its params do not parse: at start, never on
 *   a tick.
 */
export function createEngine(params: CreateEngineParams): Engine {
  const { config, market, runner, journal, clock, logger } = params
  const problems = checkStrategyParams(config, strategyParamsSchemas(params.strategies))
  if (problems.length > 0) throw new ConfigError('strategies', problems)
  const loaded = new Map<string, LoadedStrategy>(
    config.strategies.map((s) => {
      const strategy = params.strategies[strategyKey(s)] as Strategy<unknown>
      return [s.id, { id: s.id, strategy, params: strategy.paramsSchema.parse(s.params) }]
    }),
  )
  const scheduler = createScheduler(config.strategies, params.random ?? Math.random)
  const autoKill = createAutoKill(config.risk.autoKill)
  let ticks = 0
  let killSwitchEngaged: boolean | undefined
  // Every event goes out; an intent's end may also trip the kill switch (P-4.4, P-4.6).
  const emit = (event: EngineEvent): void => {
    params.emit(event)
    if (event.type !== 'terminal') return
    const reason = autoKill(event)
    if (reason === undefined) return
    try {
      if (market.engageKillSwitch(reason)) {
        killSwitchEngaged = true
        params.emit({ type: 'killSwitch', engaged: true, reason })
      }
    } catch (error) {
      logger.error({ error: (error as Error).message }, 'could not engage the kill switch')
    }
  }
  const { preSignReads } = params
  const shared = { config, market, runner, journal, emit, nowMs: () => clock.nowMs() }
  const deps = preSignReads === undefined ? shared : { ...shared, preSignReads }
  const dailyNotional = createDailyNotionalWindow(journal)
  let prunedAtMs: number | undefined
  // The market as this tick saw it, for `ferry replay`; losing it never fails the tick.
  async function recordTick(
    nowMs: number,
    instances: { id: string }[],
    snapshot: MarketSnapshot,
  ): Promise<void> {
    try {
      await journal.recordTick({
        tickMs: nowMs,
        strategies: instances.map((s) => s.id),
        balances: [...snapshot.balances],
      })
      if (prunedAtMs === undefined || nowMs - prunedAtMs >= PRUNE_EVERY_MS) {
        await journal.pruneMarket(nowMs - config.recording.retentionMs)
        prunedAtMs = nowMs
      }
    } catch (error) {
      logger.error({ error: (error as Error).message }, 'could not record the tick')
    }
  }

  const tickDeadlineMs = params.tickDeadlineMs ?? DEFAULT_TICK_DEADLINE_MS
  const deadlineSignal = params.deadlineSignal ?? ((ms: number) => AbortSignal.timeout(ms))

  /**
   * One tick, its journal writes grouped into one commit (docs/operations.md §8.1): a send inside
   * it still commits them and its own signed bytes first.
   */
  function tick(stop?: AbortSignal): Promise<TickResult> {
    return journal.withinBatch(() => runTick(stop))
  }

  /** One tick's work; its reads abort at the tick's deadline or when `stop` aborts. */
  async function runTick(stop?: AbortSignal): Promise<TickResult> {
    const nowMs = clock.nowMs()
    const due = scheduler.due(nowMs)
    const instances = params.cluster ? await params.cluster.select(due, nowMs) : due
    ticks++
    emit({ type: 'tick', tick: ticks, strategies: instances.map((s) => s.id), atMs: nowMs })
    const engaged = market.killSwitchEngaged()
    if (engaged !== killSwitchEngaged) {
      // The first tick reports an engaged switch; after that, every change either way (P-4.4).
      if (killSwitchEngaged !== undefined || engaged) emit({ type: 'killSwitch', engaged })
      killSwitchEngaged = engaged
    }
    scheduler.ran(due, nowMs)
    let failures = 0
    let firstError: string | undefined
    const fail = (error: string, count: number): void => {
      failures += count
      firstError ??= error
    }
    if (instances.length > 0) {
      const deadline = deadlineSignal(tickDeadlineMs)
      // Every quote of the tick listens to it: one per route, often more than ten.
      const reads = shareSignal(stop ? AbortSignal.any([deadline, stop]) : deadline)
      try {
        // In-flight intents read once, for the snapshot and the risk checks both.
        let inFlight: Promise<IntentRecord[]> | undefined
        const inFlightNow = (): Promise<IntentRecord[]> =>
          (inFlight ??= journal.nonTerminalIntents())
        const status = async () => ({ inFlight: await inFlightNow() })
        const snapshot = await readSnapshot(market, { status }, nowMs, emit, reads)
        await recordTick(nowMs, instances, snapshot)
        const totals = createTickRiskTotals(
          async () => ({
            dayByRoute: await dailyNotional.at(nowMs),
            inFlight: await inFlightNow(),
          }),
          journal,
        )
        for (const instance of instances) {
          try {
            const work = () =>
              runStrategy({ ...deps, totals }, loaded.get(instance.id)!, snapshot, reads)
            const turn = await (params.cluster ? params.cluster.withClaims(work) : work())
            // A failed quote fails the strategy's run: metrics and /health see the service down.
            if (turn.quoteFailures > 0) fail(`quote failed: ${turn.firstError}`, 1)
          } catch (error) {
            const message = describeTickError(error, deadline, tickDeadlineMs)
            fail(message, 1)
            logger.error({ strategy: instance.id, error: message }, 'strategy run failed')
          }
        }
      } catch (error) {
        // Balances that cannot be read fail this tick, never the loop (P-3.6).
        const message = describeTickError(error, deadline, tickDeadlineMs)
        fail(`balances not read: ${message}`, instances.length)
        logger.error({ error: message }, 'tick failed: the balances could not be read')
      }
    }
    const endMs = clock.nowMs()
    emit({
      type: 'tickEnd',
      tick: ticks,
      atMs: endMs,
      durationMs: endMs - nowMs,
      failures,
      ...(firstError === undefined ? {} : { error: firstError }),
    })
    return { ran: instances.length, failures, error: firstError }
  }

  return {
    tick: async () => {
      await tick()
    },
    reconcile: () => runner.reconcile(emit),
    tracking: () => runner.tracking(),
    async run({ ticks: limit, signal, maxFailedTicks = DEFAULT_MAX_FAILED_TICKS }) {
      // Before any new intent, what a previous run left is settled (P-2.2; a cluster's on taking a
      // wallet group); a stop leaves the rest in flight at once (docs/operations.md §5).
      const settling = params.cluster ? undefined : runner.reconcile(emit)
      const settled = signal && settling ? untilAborted(settling, signal) : settling
      await settled?.catch((e) => (signal?.aborted ? undefined : Promise.reject(e)))
      let record = NO_FAILED_TICKS
      let lastError: string | undefined
      let failed = false
      let ran = 0
      for (let i = 0; (limit === undefined || i < limit) && !signal?.aborted; i++) {
        const result = await tick(signal)
        ran++
        record = countFailedTick(record, result.ran, result.failures)
        if (result.error !== undefined && result.failures > 0) lastError = result.error
        const ended = limit !== undefined && i === limit - 1
        // A stop cuts the tick's reads short: that is no failure of the service or the chains.
        if (!signal?.aborted && failedTicksVerdict(record, maxFailedTicks, ended)) {
          failed = true
          break
        }
        if (ended) break
        await sleepUntil(clock, scheduler.nextDueMs(), signal)
      }
      // Graceful end: no new sends start. Without a stop, orders are followed to their end; with
      // one (SIGINT/SIGTERM), sends under way complete and trackers stop at their next wait.
      await runner.drain(signal)
      return { ticks: ran, failedTicks: record, failed, lastError }
    },
  }
}

/** How one tick went. */
type TickResult = { ran: number; failures: number; error: string | undefined }

/** One line for a tick's fault: the deadline by name, else the error's own first line. */
function describeTickError(error: unknown, deadline: AbortSignal, deadlineMs: number): string {
  if (deadline.aborted && (error === deadline.reason || error instanceof DOMException)) {
    return new TickDeadlineError(deadlineMs).shortMessage
  }
  const text =
    error instanceof Error
      ? ((error as Error & { shortMessage?: string }).shortMessage ?? error.message)
      : String(error)
  return text.split('\n')[0]!
}
